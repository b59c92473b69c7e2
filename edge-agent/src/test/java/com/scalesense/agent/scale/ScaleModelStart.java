package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.replay.EmittedLog;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationQuality;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.internal.MapDbNvsStore;
import com.scalesense.hal.SampleRate;
import com.scalesense.protocol.Reading;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * One start of the agent's measuring part on a real MapDB store file: the model is built on the
 * file, fed samples from a scripted load cell whose clocks begin at {@code wallMs} (monotonic from
 * zero, as after a restart), and closed; the next start reopens the same file.
 */
final class ScaleModelStart implements AutoCloseable {

    /** 2026-11-22T05:40:00Z */
    static final long T0 = 1_795_326_000_000L;
    static final Calibration CALIBRATION = new Calibration(ScriptedLoadCell.ZERO_COUNTS,
            ScriptedLoadCell.COUNTS_PER_KG, List.of(), 0, CalibrationQuality.UNVERIFIED, 0, null, T0);
    private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(T0), ZoneOffset.UTC);

    final NvsStore store;
    final ScaleMemory memory;
    final EmittedLog recorder = new EmittedLog();
    final ScaleModel model;
    final ScriptedLoadCell cell;
    Ambient ambient = Ambient.SYNCED;

    ScaleModelStart(Path storeFile, long wallMs) {
        store = open(storeFile);
        memory = new ScaleMemory(store);
        model = new ScaleModel(memory, PipelineConfig.defaults(), SampleRate.SPS_10, recorder, CALIBRATION, null);
        cell = new ScriptedLoadCell(wallMs);
    }

    static NvsStore open(Path storeFile) {
        return MapDbNvsStore.open(storeFile, CLOCK);
    }

    ScaleModelStart hold(double kg, double seconds) {
        cell.load(kg);
        return samples((int) Math.round(seconds * 10));
    }

    /** 50 kg, then 0.5 kg of Modelo poured over 8 s: one pour of 0.1308 gal. */
    ScaleModelStart pour() {
        hold(50, 5);
        for (int i = 1; i <= 80; i++) {
            cell.load(50 - 0.5 * i / 80);
            samples(1);
        }
        return hold(49.5, 4);
    }

    ScaleModelStart samples(int n) {
        for (int i = 0; i < n; i++) {
            model.accept(cell.read(null), ambient);
        }
        return this;
    }

    Reading last() {
        List<Reading> r = recorder.readings();
        return r.get(r.size() - 1);
    }

    @Override
    public void close() {
        store.close();
    }
}
