package com.scalesense.agent.replay;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.agent.pipeline.calibration.CalibrationQuality;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.replay.ReplayClock;
import com.scalesense.hal.replay.ReplayLoadCell;
import com.scalesense.hal.replay.ReplayOptions;
import com.scalesense.hal.replay.TraceHeader;
import com.scalesense.hal.replay.TraceReader;
import com.scalesense.hal.replay.TraceRow;
import com.scalesense.hal.replay.TraceSummary;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * Replays a recorded trace (docs/trace-format.md; a {@code .gz} is read directly) through the
 * {@link MeasurementPipeline} as fast as possible and, with a truth file, scores it. The calibration
 * comes from the truth's calibration row, else is fitted from its marked known weights, else is the
 * one {@code scale-cal record} wrote into the trace header ({@value #OFFSET_NOTE}, {@value #SCALE_NOTE}).
 * The keg on the platform when recording began is the one the flags name, else the one the header names
 * as assigned ({@link KegAssignment}): the replay starts with it assigned and tared as the scale had it, and
 * the truth counts it as assigned from the start. Each other keg of the truth is assigned
 * {@link Truth#ASSIGN_AFTER_MS} after it was set down, as in the simulated lives.
 */
public final class Replay {

    /** Trace header note with the calibration's counts at zero load (written by {@code scale-cal record}). */
    public static final String OFFSET_NOTE = "offset_counts";
    /** Trace header note with the calibration's counts per kg. */
    public static final String SCALE_NOTE = "counts_per_kg";
    /** Marked known weights must lie this close to the fitted line, kg (as the technician's calibration). */
    private static final double FIT_MAX_RESIDUAL_KG = 0.05;

    private Replay() {
    }

    /**
     * What a replay gave.
     *
     * @param calibrationSource where the calibration came from, in words
     * @param keg               the keg assigned when recording began, or null when none was
     * @param kegSource         where that keg came from, in words
     * @param score             the score against the truth, or null without one
     */
    public record Result(TraceHeader header, Calibration calibration, String calibrationSource, KegAssignment keg,
                         String kegSource, EmittedLog recorder, Score score) {
    }

    /** @param truth the truth file, or null to replay without scoring */
    public static Result run(Path trace, TruthFile truth, PipelineConfig config) throws InterruptedException {
        return run(trace, truth, null, config);
    }

    /**
     * @param truth   the truth file, or null to replay without scoring
     * @param flagKeg the keg assigned when recording began as the flags give it, or null to take the header's
     */
    public static Result run(Path trace, TruthFile truth, KegAssignment flagKeg, PipelineConfig config)
            throws InterruptedException {
        Path plain = trace.getFileName().toString().endsWith(".gz") ? gunzip(trace) : trace;
        try {
            TraceHeader header = TraceSummary.scan(plain).header();
            Calibration calibration;
            String source;
            if (truth != null && truth.hasCalibration()) {
                calibration = fixed(truth.offsetCounts(), truth.countsPerKg());
                source = "calibration row of the truth file";
            } else if (truth != null && !truth.knownWeights().isEmpty()) {
                calibration = fitted(plain, truth.knownWeights());
                source = "fitted from " + truth.knownWeights().size() + " known-weight spans of the truth file";
            } else {
                calibration = fixed(note(header, OFFSET_NOTE, trace), note(header, SCALE_NOTE, trace));
                source = "trace header (" + OFFSET_NOTE + ", " + SCALE_NOTE + ")";
            }
            KegAssignment keg = flagKeg != null ? flagKeg : KegAssignment.fromHeader(header);
            String kegSource = flagKeg != null ? "the flags" : keg != null ? "the trace header" : "nowhere";
            long startMs = header.startedAt().toEpochMilli();
            KegProfile first = keg != null ? keg.profile(startMs) : firstKeg(header, truth);
            EmittedLog recorder = play(plain, truth, calibration, first, keg != null ? startMs : Long.MIN_VALUE, config);
            // the keg assigned when recording began is assigned for the whole trace, not from 5 min after its start
            TruthFile scored = truth == null || keg == null ? truth : truth.withKegPlacedBefore(startMs, keg.type(), keg.sg());
            Score score = scored == null ? null : Scorer.score(scored.truth(), recorder.readings(), recorder.events());
            return new Result(header, calibration, source, keg, kegSource, recorder, score);
        } finally {
            if (!plain.equals(trace)) {
                deleteQuietly(plain);
            }
        }
    }

    /** @param assignedUntilMs truth kegs set down at or before this were assigned already (Long.MIN_VALUE: none) */
    private static EmittedLog play(Path trace, TruthFile truth, Calibration calibration, KegProfile keg,
                                 long assignedUntilMs, PipelineConfig config) throws InterruptedException {
        EmittedLog recorder = new EmittedLog();
        try (ReplayLoadCell cell = ReplayLoadCell.open(trace, ReplayOptions.asFastAsPossible(), new StillClock())) {
            MeasurementPipeline pipeline = new MeasurementPipeline(config, cell.rate(), calibration, keg, recorder);
            TreeMap<Long, TruthFile.KegRow> pending = truth == null ? new TreeMap<>()
                    : new TreeMap<>(truth.kegs().tailMap(assignedUntilMs, false));
            while (true) {
                RawSample sample = cell.read(Duration.ZERO);
                if (cell.finished()) {
                    break;
                }
                pipeline.accept(sample, Ambient.SYNCED);
                Map.Entry<Long, TruthFile.KegRow> next = pending.firstEntry();
                if (next != null && sample.wallMillis() >= next.getKey() + Truth.ASSIGN_AFTER_MS) {
                    pending.pollFirstEntry();
                    // as the benchmark's technician: a keg set down full is assigned as a new full keg, and a keg
                    // taken off before its assignment was due is not assigned at all
                    if (truth.stillOnAt(next.getKey(), sample.wallMillis())) {
                        pipeline.assignKeg("keg-" + next.getKey(), null, next.getValue().type(), next.getValue().sg(),
                                truth.setDownFull(next.getKey()));
                    }
                }
            }
            pipeline.endOfSamples();
        }
        return recorder;
    }

    /** The truth's first keg, else the keg named in the trace header, else seed 000's reference half barrel. */
    private static KegProfile firstKeg(TraceHeader header, TruthFile truth) {
        if (truth != null && !truth.kegs().isEmpty()) {
            TruthFile.KegRow first = truth.kegs().firstEntry().getValue();
            return new KegProfile(null, null, first.type(), first.sg(), Tare.PENDING);
        }
        String type = header.notes().get(KegAssignment.KEG_TYPE_NOTE);
        if (type == null) {
            return KegProfile.reference(KegType.HALF_BARREL);
        }
        String sg = header.notes().get(KegAssignment.SG_NOTE);
        KegProfile reference = KegProfile.reference(KegType.fromWireName(type));
        return new KegProfile(null, null, reference.kegType(),
                sg == null ? reference.sg() : KegAssignment.number(KegAssignment.SG_NOTE, sg), Tare.PENDING);
    }

    private static Calibration fixed(double offsetCounts, double countsPerKg) {
        return new Calibration(offsetCounts, countsPerKg, List.of(), 0, CalibrationQuality.UNVERIFIED, 0, null, 0);
    }

    /** Mean counts of the good samples inside each marked span, one calibration point per span. */
    private static Calibration fitted(Path trace, List<TruthFile.KnownWeight> known) {
        double[] sum = new double[known.size()];
        int[] n = new int[known.size()];
        try (TraceReader reader = TraceReader.open(trace)) {
            for (Optional<TraceRow> row = reader.next(); row.isPresent(); row = reader.next()) {
                TraceRow r = row.get();
                for (int i = 0; i < known.size() && r.status() == SampleStatus.OK; i++) {
                    if (r.timestampMs() >= known.get(i).startMs() && r.timestampMs() < known.get(i).endMs()) {
                        sum[i] += r.rawCounts();
                        n[i]++;
                    }
                }
            }
        }
        List<CalibrationPoint> points = new ArrayList<>();
        for (int i = 0; i < known.size(); i++) {
            TruthFile.KnownWeight k = known.get(i);
            PipelineException.require(n[i] > 0, "known_weight " + k.startMs() + "-" + k.endMs(), k.kg() + " kg",
                    "must cover at least one good sample of the trace");
            points.add(new CalibrationPoint(k.kg(), sum[i] / n[i], null));
        }
        return new CalibrationFit(FIT_MAX_RESIDUAL_KG).fit(points, known.get(0).startMs());
    }

    private static double note(TraceHeader header, String key, Path trace) {
        String value = header.notes().get(key);
        PipelineException.require(value != null, trace + " header " + key, "missing",
                "a calibration is needed: the trace header notes " + OFFSET_NOTE + " and " + SCALE_NOTE
                        + " (scale-cal record writes them), or a calibration row or known_weight rows in the truth file"
                        + " (docs/accuracy.md)");
        return KegAssignment.number(key, value);
    }

    private static Path gunzip(Path gz) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            Path plain = Files.createTempFile("scale-replay-", ".trace");
            Files.copy(in, plain, StandardCopyOption.REPLACE_EXISTING);
            return plain;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot decompress trace " + gz, e);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            p.toFile().deleteOnExit(); // a temp file left behind is no reason to fail a replay
        }
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
