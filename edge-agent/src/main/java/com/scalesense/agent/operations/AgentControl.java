package com.scalesense.agent.operations;

import com.scalesense.agent.sim.SimulatedPlatform;

import com.scalesense.agent.scale.ScaleLoop;
import com.scalesense.agent.scale.ScaleNotCalibratedException;
import com.scalesense.agent.scale.CalibrationSession;
import com.scalesense.agent.scale.LiveSample;
import com.scalesense.agent.scale.Sensors;

import com.scalesense.control.ControlException;
import com.scalesense.agent.control.ControlService;
import com.scalesense.agent.control.ReplyViews;
import com.scalesense.control.Replies;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.LowKegRule;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.replay.KegAssignment;
import com.scalesense.agent.replay.Replay;
import com.scalesense.hal.replay.TraceGain;
import com.scalesense.hal.replay.TraceHeader;
import com.scalesense.hal.replay.TraceRecorder;
import com.scalesense.protocol.Ids;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The control socket's view of the agent. Every state change runs on the sampling thread's lane
 * (one at a time, between samples) and stores before it applies; measurements (tare, calibration
 * points, selftest) first collect settled samples, then change state in one lane task.
 */
public final class AgentControl implements ControlService {

    /** A point or tare averages 2 s of samples (20 at 10 SPS), enough to beat the noise down ~4.5x. */
    private static final double SETTLE_SECONDS = 2;
    /** Real time a measurement may take before it is given up (a stalled chip). */
    private static final Duration MEASURE_TIMEOUT = Duration.ofSeconds(20);
    /** The selftest's wait for its 2 s of samples: 3 s of margin for a chip that is slow to answer. */
    private static final Duration SELFTEST_TIMEOUT = Duration.ofSeconds(5);
    /** A steady platform's counts spread no more than this many times the datasheet noise. */
    private static final double STEADY_NOISE_FACTOR = 10;

    private final ScaleLoop loop;
    private final Sensors sensors;
    private final Clock clock;
    private final StatusSource status;
    private final CalibrationSession session = new CalibrationSession();

    public AgentControl(ScaleLoop loop, Sensors sensors, Clock clock, StatusSource status) {
        this.loop = loop;
        this.sensors = sensors;
        this.clock = clock;
        this.status = status;
    }

    @Override
    public Replies.Status status() {
        return status.status();
    }

    @Override
    public void live(int count, Duration maxTime, Consumer<Replies.Live> sink) throws InterruptedException {
        LinkedBlockingQueue<LiveSample> queue = new LinkedBlockingQueue<>(count);
        Consumer<LiveSample> tap = queue::offer;
        loop.addTap(tap);
        try {
            long deadline = System.nanoTime() + maxTime.toNanos();
            for (int sent = 0; sent < count; sent++) {
                LiveSample s = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (s == null) {
                    return;
                }
                sink.accept(live(s));
            }
        } finally {
            loop.removeTap(tap);
        }
    }

    /** The socket's form of a live sample: status and keg state in lower case. */
    private static Replies.Live live(LiveSample s) {
        return new Replies.Live(s.wallMs(), s.rawCounts(), s.status().name().toLowerCase(Locale.ROOT), s.weightKg(),
                s.kegState().name().toLowerCase(Locale.ROOT));
    }

    /**
     * The most a zero may move the calibration, in kg. A load cell's zero drifts by grams and a new drip
     * tray weighs a kilogram or two; the lightest keg shell, a sixth barrel's 16.5 lbs = 7.5 kg (seed 000),
     * is more than twice this. A zero taken with a keg (or a crate) on the platform would make every
     * later level wrong by its weight, so it is refused instead.
     */
    static final double MAX_ZERO_SHIFT_KG = 3.0;

    @Override
    public Replies.CalibrationInfo tare() throws InterruptedException {
        SampleCollector.Stats s = steady("tare");
        return onLane(() -> {
            Calibration c = loop.model().calibration();
            if (c == null) {
                throw new ScaleNotCalibratedException();
            }
            double onPlatformKg = c.toKg(s.mean(), null);
            if (Math.abs(onPlatformKg) > MAX_ZERO_SHIFT_KG) {
                throw new ControlException("not_empty", String.format(Locale.ROOT, "the platform reads %.2f kg against "
                        + "the current zero, more than the %.1f kg a zero may move: lift what stands on it (a keg, a "
                        + "crate) and zero again; if the platform itself changed, calibrate again "
                        + "(calibrate add 0, add known weights, fit, commit); nothing changed", onPlatformKg,
                        MAX_ZERO_SHIFT_KG));
            }
            Calibration zeroed = new Calibration(s.mean(), c.countsPerKg(), c.points(), c.residualKg(), c.quality(),
                    c.tempCoeffCountsPerC(), c.referenceTempC(), clock.millis());
            loop.model().commit(zeroed);
            return ReplyViews.calibration(zeroed, clock.millis());
        });
    }

    @Override
    public Replies.Session calibrateAdd(double knownKg) throws InterruptedException {
        SampleCollector.Stats s = steady("known_kg");
        return session(session.add(new CalibrationSession.MeasuredPoint(new CalibrationPoint(knownKg, s.mean(), null),
                s.std(), s.samples())));
    }

    @Override
    public Replies.Session calibrateFit() {
        return session(session.fit(clock.millis()));
    }

    @Override
    public Replies.CalibrationInfo calibrateCommit() {
        Calibration candidate = session.candidate();
        Replies.CalibrationInfo committed = onLane(() -> {
            loop.model().commit(candidate);
            return ReplyViews.calibration(candidate, clock.millis());
        });
        session.clear();
        return committed;
    }

    @Override
    public Replies.Session calibrateCancel() {
        return session(session.clear());
    }

    /** The socket's form of the session: each point with its spread, the candidate as calibration info. */
    private static Replies.Session session(CalibrationSession.State s) {
        return new Replies.Session(s.points().stream().map(p -> new Replies.Point(p.point().knownKg(), p.point().counts(),
                p.stdCounts(), p.samples())).toList(),
                s.candidate() == null ? null : ReplyViews.calibration(s.candidate(), s.candidate().calibratedAtMs()));
    }

    @Override
    public Replies.Keg assignKeg(String kegId, String beerId, String kegType, double sg, boolean full) {
        if (!Ids.KEG_ID.matcher(kegId).matches()) {
            throw ControlException.badField("keg_id", kegId, "must be like keg-20260318-007 (seed 000)");
        }
        if (beerId != null && !Ids.isBeerId(beerId)) {
            throw ControlException.badField("beer_id", beerId, Ids.BEER_ID_RULE);
        }
        KegType type = KegType.fromWireName(kegType);
        return onLane(() -> {
            loop.model().assignKeg(kegId, beerId, type, sg, full);
            return ReplyViews.keg(loop.model().keg(), loop.model().state().name());
        });
    }

    /**
     * Stores the cloud's low-keg rule and follows it from the next reading on (a {@code set_low_keg}
     * command, issue 18), on the sampling thread.
     *
     * @return false when a rule issued later is in use and nothing changed
     */
    public boolean lowKegRule(LowKegRule rule) {
        return onLane(() -> loop.model().lowKegRule(rule));
    }

    @Override
    public Replies.Keg tareKeg(String kind) {
        if (!kind.equals("empty") && !kind.equals("full")) {
            throw ControlException.badField("kind", kind, "must be empty or full");
        }
        return onLane(() -> {
            loop.model().tareKeg(kind, clock.millis());
            return ReplyViews.keg(loop.model().keg(), loop.model().state().name());
        });
    }

    @Override
    public Replies.History calibrationHistory() {
        return onLane(() -> new Replies.History(loop.model().calibrations().entries().stream()
                .map(c -> ReplyViews.calibration(c, clock.millis())).toList()));
    }

    @Override
    public Replies.Trace recordTrace(Path file, Duration duration) throws InterruptedException {
        TraceHeader header = onLane(() -> withScaleState(TraceHeader.of(sensors.loadCell().rate(), TraceGain.A_128,
                clock.instant()).withNote("device_id", status.status().deviceId())));
        try (TraceRecorder recorder = TraceRecorder.create(file, header, Duration.ofSeconds(1))) {
            Consumer<com.scalesense.hal.RawSample> tap = recorder::record;
            loop.addRawTap(tap);
            try {
                Thread.sleep(duration.toMillis()); // the recording itself: samples arrive on the sampling thread
            } finally {
                loop.removeRawTap(tap);
            }
            return new Replies.Trace(file.toString(), recorder.rowsWritten());
        }
    }

    /**
     * The calibration and the keg in use when recording began, so {@code scale-agent replay} can
     * turn the trace's counts into kg without anything else (docs/accuracy.md).
     */
    private TraceHeader withScaleState(TraceHeader header) {
        TraceHeader h = header;
        Calibration c = loop.model().calibration();
        if (c != null) {
            h = h.withNote(Replay.OFFSET_NOTE, String.format(Locale.ROOT, "%.3f", c.offsetCounts()))
                    .withNote(Replay.SCALE_NOTE, String.format(Locale.ROOT, "%.6f", c.countsPerKg()));
        }
        KegProfile keg = loop.model().keg();
        if (keg != null) {
            h = h.withNote(KegAssignment.KEG_TYPE_NOTE, keg.kegType().wireName())
                    .withNote(KegAssignment.SG_NOTE, String.format(Locale.ROOT, "%.4f", keg.sg()));
            if (keg.kegId() != null) { // assigned: replay starts with it assigned, and with what was measured of it
                h = h.withNote(KegAssignment.KEG_ID_NOTE, keg.kegId());
                if (keg.tare().emptyOffsetKg() != null) {
                    h = h.withNote(KegAssignment.EMPTY_NOTE, String.format(Locale.ROOT, "%.4f", keg.tare().emptyOffsetKg()));
                }
                if (keg.tare().fullRefKg() != null) {
                    h = h.withNote(KegAssignment.FULL_NOTE, String.format(Locale.ROOT, "%.4f", keg.tare().fullRefKg()));
                }
            }
        }
        return h;
    }

    @Override
    public Replies.Selftest selftest() throws InterruptedException {
        return new Selftest(loop, sensors, loop.model().calibration() != null).run(samplesFor(SETTLE_SECONDS), SELFTEST_TIMEOUT);
    }

    @Override
    public Replies.SimWeight simulatedWeight(Double kg) {
        if (!(sensors.loadCell() instanceof SimulatedPlatform platform)) {
            throw ControlException.notSimulated();
        }
        if (kg == null) {
            platform.remove();
        } else {
            platform.put(kg);
        }
        return new Replies.SimWeight(platform.weightKg());
    }

    private SampleCollector.Stats steady(String field) throws InterruptedException {
        SampleCollector.Stats s = SampleCollector.collect(loop, samplesFor(SETTLE_SECONDS), MEASURE_TIMEOUT);
        double limit = STEADY_NOISE_FACTOR * sensors.noiseCountsRms();
        if (s.std() > limit) {
            throw new ControlException("not_stable", String.format(Locale.ROOT,
                    "%s: counts spread %.0f rms over %d samples, must be at most %.0f: keep the platform still",
                    field, s.std(), s.samples(), limit));
        }
        return s;
    }

    private int samplesFor(double seconds) {
        return (int) Math.round(seconds * sensors.loadCell().rate().samplesPerSecond());
    }

    private <T> T onLane(Callable<T> task) {
        try {
            return loop.submit(task).get(MEASURE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ControlException("interrupted", "the agent is stopping");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new ControlException("failed", e.getCause().toString());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new ControlException("timeout", "the sampling thread did not take the request within " + MEASURE_TIMEOUT);
        }
    }
}
