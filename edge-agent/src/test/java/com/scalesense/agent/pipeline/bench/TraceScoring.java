package com.scalesense.agent.pipeline.bench;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationQuality;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.replay.ReplayClock;
import com.scalesense.hal.replay.ReplayLoadCell;
import com.scalesense.hal.replay.ReplayOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scores a recorded trace (docs/trace-format.md) against its truth file: the trace is replayed
 * as fast as possible through the pipeline with the truth's calibration, and each keg of the
 * truth is assigned five minutes after it was set down, as in the simulated lives.
 */
public final class TraceScoring {

    private static final long ASSIGN_AFTER_MS = 5 * 60_000;

    private TraceScoring() {
    }

    public static Score score(Path trace, Path truthPath, PipelineConfig config) throws InterruptedException {
        TruthFile truth = TruthFile.read(truthPath);
        Calibration calibration = new Calibration(truth.offsetCounts(), truth.countsPerKg(), List.of(), 0,
                CalibrationQuality.UNVERIFIED, 0, null, 0);
        Recorder recorder = new Recorder();
        TruthFile.KegRow first = truth.kegs().isEmpty() ? null : truth.kegs().firstEntry().getValue();
        KegProfile keg = first == null ? KegProfile.reference(KegType.HALF_BARREL)
                : new KegProfile(null, null, first.type(), first.sg(), Tare.PENDING);
        try (ReplayLoadCell cell = ReplayLoadCell.open(trace, ReplayOptions.asFastAsPossible(), new StillClock())) {
            MeasurementPipeline pipeline = new MeasurementPipeline(config, cell.rate(), calibration, keg, recorder);
            TreeMap<Long, TruthFile.KegRow> pending = new TreeMap<>(truth.kegs());
            while (true) {
                RawSample sample = cell.read(Duration.ZERO);
                if (cell.finished()) {
                    break;
                }
                pipeline.accept(sample, Ambient.SYNCED);
                Map.Entry<Long, TruthFile.KegRow> next = pending.firstEntry();
                if (next != null && sample.wallMillis() >= next.getKey() + ASSIGN_AFTER_MS) {
                    pending.pollFirstEntry();
                    pipeline.assignKeg("keg-" + next.getKey(), null, next.getValue().type(), next.getValue().sg());
                }
            }
        }
        return Scorer.score(truth.truth(), recorder.readings(), recorder.events());
    }

    /** Replay as fast as possible never waits; its clock only marks the start. */
    private static final class StillClock implements ReplayClock {
        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public long wallMillis() {
            return 0;
        }

        @Override
        public void sleepNanos(long nanos) {
            // never paced
        }
    }
}
