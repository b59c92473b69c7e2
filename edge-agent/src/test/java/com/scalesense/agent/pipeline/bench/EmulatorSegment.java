package com.scalesense.agent.pipeline.bench;

import com.scalesense.agent.replay.EmittedLog;
import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.replay.Score;
import com.scalesense.agent.replay.Scorer;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.EmulatedTime;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;
import com.scalesense.hal.hx711.Hx711;
import com.scalesense.hal.hx711.Hx711Config;
import com.scalesense.hal.sim.KegPeriod;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.LoadCellSpec;
import com.scalesense.hal.sim.NoiseSpec;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.SimulatedSignal;
import com.scalesense.hal.sim.TemperatureProfile;
import com.scalesense.hal.sim.TrafficProfile;
import com.scalesense.hal.sim.TruePour;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A short keg segment through the real driver path: the simulator's signal feeds the HX711 chip
 * emulator on Pi4J mock pins, the real HX711 driver reads it, the pipeline measures. Driver and
 * chip share gated emulated time that this thread moves, a quarter conversion period at a time,
 * handing the pipeline every sample as it comes: the same run on an idle and on a loaded machine,
 * and faster than real time. A full keg is set down at 1 s, then {@code pours} pours of 12-20 oz
 * start at 6 s, 20 s apart, then 16 s of quiet after the last one began.
 */
final class EmulatorSegment {

    private static final long NS = 1_000_000_000L;
    private static final int DOUT = 5;
    private static final int SCK = 6;
    /** Wall time of the segment's time zero: the epoch the simulated lives use. */
    private static final Instant ORIGIN = Instant.ofEpochMilli(SimulatedKegLife.EPOCH_MS);

    private EmulatorSegment() {
    }

    /** The score of the segment, with the driver's statistics and the chip's counters as they print. */
    record Result(Score score, String driverStats, String chipCounters) {
    }

    static Result run(SampleRate rate, int pours, long seed) throws InterruptedException {
        if (pours < 1) {
            throw new IllegalArgumentException("pours = " + pours + ": must be at least 1");
        }
        KegSpec keg = new KegSpec("half_barrel", 29.0 * 0.45359237, 15.5, 1.012);
        List<TruePour> truePours = new ArrayList<>();
        for (int i = 0; i < pours; i++) {
            double oz = 12 + 4 * (i % 3);
            double ml = oz * TruePour.ML_PER_OZ;
            long start = (6 + 20L * i) * NS;
            truePours.add(new TruePour(start, start + Math.round(oz / 2.0 * NS), ml, ml / 1000 * keg.sg()));
        }
        long endNanos = (6 + 20L * (pours - 1) + 16) * NS;
        Scenario scenario = new Scenario(List.of(new KegPeriod(NS, Long.MAX_VALUE, keg, keg.fullBeerKg(), truePours)),
                List.of(), TemperatureProfile.constant(4), endNanos);
        SimulatedKegLife life = new SimulatedKegLife(seed, rate, NoiseSpec.datasheet(), TemperatureProfile.constant(4), false, List.of(keg),
                TrafficProfile.busyBar());
        Calibration calibration = life.calibration(LoadCellSpec.typical(), NoiseSpec.datasheet());
        SimulatedSignal signal = new SimulatedSignal(scenario, LoadCellSpec.typical(), NoiseSpec.datasheet(), rate,
                new Random(seed));
        EmittedLog recorder = new EmittedLog();
        Context context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance()).build();
        Hx711Config config = Hx711Config.of(DOUT, SCK, rate);
        EmulatedTime time = EmulatedTime.gated();
        Hx711 driver = Hx711.create(context, config, time.clock(ORIGIN), time);
        EmulatorConfig chip = EmulatorConfig.emulated(rate, signal::countsAt, time);
        try (Hx711Emulator emulator = Hx711Emulator.attach(context, config.doutId(), config.sckId(), chip)) {
            driver.start();
            MeasurementPipeline pipeline = new MeasurementPipeline(PipelineConfig.defaults(), rate, calibration,
                    SimulatedKegLife.profileOf(keg), recorder);
            Duration step = Duration.ofNanos(rate.periodNanos() / 4);
            while (time.now() < endNanos) {
                time.advance(step);
                while (driver.waitingSamples() > 0) {
                    pipeline.accept(driver.read(Duration.ZERO), Ambient.SYNCED);
                }
            }
            Score score = Scorer.score(SimulatedKegLife.truthOf(scenario, ORIGIN.toEpochMilli()), recorder.readings(),
                    recorder.events());
            return new Result(score, String.valueOf(driver.stats()), String.valueOf(emulator.counters()));
        } finally {
            driver.close();
            context.shutdown();
        }
    }
}
