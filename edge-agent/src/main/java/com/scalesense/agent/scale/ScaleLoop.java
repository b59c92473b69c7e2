package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.protocol.KegState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sampling thread: reads the load cell, feeds the pipeline (which records readings durably
 * through its listener) and shows each sample to the taps (live view, trace recorder, calibration
 * point collector). Owns the {@link ScaleModel}: every change to it is a task in this thread's
 * lane, run between two samples, so changes never overlap each other or a sample.
 *
 * <p>Bursts (issue 18): on a quiet machine the agent's CPU goes into waking up, not into the work
 * per sample, so while nobody watches the thread wakes once a {@link #BURST_PERIOD} and processes
 * every sample that came meanwhile ({@link LoadCell#drain}), in order and each with its own times:
 * the pipeline sees the same stream and gives the same readings and events, up to one burst
 * period later. It takes each sample as it comes, without waiting between, until the first usable
 * sample (READY=1 and the first reading must not wait), while a tap is attached (live view,
 * calibration points, trace recording) and when a task is submitted (a tare or a calibration
 * answers as soon as before: the samples already there are processed first, then the task). A tap
 * is shown only the samples taken after it was attached ({@link Taps}). On {@link #stop()} the
 * samples waiting in the cell are processed before the thread ends.
 *
 * <p>Quiet bursts: while the keg stands still or the platform stays empty ({@link KegState#STABLE},
 * {@link KegState#KEG_ABSENT} after the last burst) nothing is under way that a bar must see at once,
 * so the thread waits a longer {@code quietBurst} (4 s in the agent). The first burst that shows the
 * weight moving leaves the pipeline POURING, SETTLING or DISTURBED, and the bursts are a
 * {@code burst} long again until it settles: a pour of more than the quiet period ends on the short
 * bursts, as before, and its event waits no longer; a shorter one waits at most the quiet period.
 */
public final class ScaleLoop implements Runnable {

    /**
     * How long samples gather between two bursts while nobody watches: 10 samples at 10 SPS, 80 at
     * 80 SPS (the HX711 driver's ring holds 1,024, {@code Hx711Config.DEFAULT_BUFFER_CAPACITY}). A
     * reading or an event reaches the outbox up to this much later than if each sample were
     * processed as it came.
     */
    public static final Duration BURST_PERIOD = Duration.ofSeconds(1);

    /**
     * How long samples gather between two bursts while the keg stands still or the platform stays
     * empty (see the class comment): a quarter of the wake-ups of {@link #BURST_PERIOD}. 40 samples
     * at 10 SPS, 320 at 80 SPS, well within the HX711 driver's ring of 1,024.
     */
    public static final Duration QUIET_BURST_PERIOD = Duration.ofSeconds(4);

    /** Full drains in a row after which the lane runs even if more samples wait (two burst periods' worth each). */
    static final int MAX_DRAINS_BEFORE_LANE = 10;

    private static final Logger LOG = LoggerFactory.getLogger(ScaleLoop.class);

    private final LoadCell cell;
    private final ScaleModel model;
    private final Supplier<Ambient> ambient;
    private final Duration readTimeout;
    private final long burstNanos;
    private final long quietBurstNanos;
    /** Samples one drain takes at most: two (quiet) burst periods' worth, so a late burst is taken whole. */
    private final int maxBurst;
    private final BurstWait wait;
    private final ConcurrentLinkedQueue<Runnable> lane = new ConcurrentLinkedQueue<>();
    private final Taps<LiveSample> taps = new Taps<>();
    private final Taps<RawSample> rawTaps = new Taps<>();
    /** Drains begun since start; written by the sampling thread only. */
    private volatile long drainsBegun;
    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong validSamples = new AtomicLong();
    private final CountDownLatch firstSample = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile String lastError;

    /**
     * Bursts of {@link #BURST_PERIOD}, {@code quietBurst} while the scale is steady, on a
     * {@link BurstWait#timed()} wait.
     *
     * @param readTimeout how long one read may wait for the chip before it counts as not ready
     * @param quietBurst  how long samples gather while the scale is steady, at least {@link #BURST_PERIOD}
     */
    public ScaleLoop(LoadCell cell, ScaleModel model, Supplier<Ambient> ambient, Duration readTimeout,
                     Duration quietBurst) {
        this(cell, model, ambient, readTimeout, BURST_PERIOD, quietBurst, BurstWait.timed());
    }

    /**
     * @param readTimeout how long one read may wait for the chip before it counts as not ready
     * @param burst       how long samples gather between two bursts while nobody watches, &gt; 0
     * @param quietBurst  the same while the scale is steady, at least {@code burst}
     * @param wait        how the thread waits for the next burst
     */
    public ScaleLoop(LoadCell cell, ScaleModel model, Supplier<Ambient> ambient, Duration readTimeout,
                     Duration burst, Duration quietBurst, BurstWait wait) {
        if (burst.isNegative() || burst.isZero()) {
            throw new IllegalArgumentException("burst must be > 0, was " + burst);
        }
        if (quietBurst.compareTo(burst) < 0) {
            throw new IllegalArgumentException("quietBurst must be >= burst (" + burst + "), was " + quietBurst);
        }
        this.cell = cell;
        this.model = model;
        this.ambient = ambient;
        this.readTimeout = readTimeout;
        this.burstNanos = burst.toNanos();
        this.quietBurstNanos = quietBurst.toNanos();
        this.maxBurst = (int) Math.max(1, Math.ceil(2.0 * cell.rate().samplesPerSecond() * quietBurstNanos / 1e9));
        this.wait = wait;
    }

    @Override
    public void run() {
        List<RawSample> burst = new ArrayList<>(maxBurst);
        boolean behind = false;
        int fullDrains = 0;
        while (running || behind) { // stopping: the samples still waiting first
            try {
                if (!behind && !atOnce()) {
                    wait.await(steady() ? quietBurstNanos : burstNanos);
                }
                drainsBegun++; // only this thread writes it
                behind = false;
                cell.drain(burst, maxBurst, readTimeout);
                behind = burst.size() >= maxBurst; // more may be waiting: drain again at once
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            } catch (RuntimeException e) {
                if (running) {
                    failed(e); // a failing cell must not end sampling; the health check sees progress stop if it persists
                } // else stopping: the cell was closed under a drain that waited for the chip
            }
            processAll(burst);
            // Tasks and new taps come after the samples that were waiting, within a bound, so a cell that
            // delivers faster than the thread keeps up (a simulation at high speed) cannot starve them.
            fullDrains = behind ? fullDrains + 1 : 0;
            if (!behind || fullDrains >= MAX_DRAINS_BEFORE_LANE) {
                fullDrains = 0;
                taps.activate(drainsBegun);
                rawTaps.activate(drainsBegun);
                runLane();
            }
        }
        try {
            model.endOfSamples(); // a pour held back under a load is reported before the agent seals what is left
        } catch (RuntimeException e) {
            failed(e);
        }
        runLane();
    }

    /** True while samples must be processed as they come: see the class comment. */
    private boolean atOnce() {
        return validSamples.get() == 0 || taps.any() || rawTaps.any() || !lane.isEmpty();
    }

    /** True while the last burst left the keg standing still or the platform empty: nothing under way. */
    private boolean steady() {
        KegState state = model.state();
        return state == KegState.STABLE || state == KegState.KEG_ABSENT;
    }

    /** Every sample of the burst in order, whatever became of the one before; then the burst is empty. */
    private void processAll(List<RawSample> burst) {
        for (RawSample sample : burst) {
            try {
                accept(sample);
            } catch (RuntimeException e) {
                failed(e); // one sample that cannot be processed must not cost the others
            }
        }
        burst.clear();
    }

    private void failed(RuntimeException e) {
        lastError = "sampling: " + e.getMessage();
        LOG.error("sample could not be processed", e);
    }

    private void accept(RawSample sample) {
        model.accept(sample, ambient.get());
        samples.incrementAndGet();
        if (sample.isValid()) {
            validSamples.incrementAndGet();
        }
        firstSample.countDown();
        rawTaps.show(sample);
        if (taps.showing()) { // nobody watching live: no sample to build
            taps.show(live(sample));
        }
    }

    private LiveSample live(RawSample sample) {
        Calibration c = model.calibration();
        Double kg = sample.isValid() && c != null ? c.toKg(sample.value(), null) : null;
        return new LiveSample(sample.wallMillis(), sample.value(), sample.status(), kg, model.state());
    }

    /** Runs {@code task} on the sampling thread between two samples; the future carries its outcome. */
    public <T> CompletableFuture<T> submit(Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        lane.add(() -> {
            try {
                result.complete(task.call());
            } catch (Exception e) {
                result.completeExceptionally(e);
            }
        });
        wait.wake(); // not a burst period later: the caller waits for the answer
        if (!running) {
            runLane(); // stopped: nobody else will
        }
        return result;
    }

    private synchronized void runLane() {
        for (Runnable r = lane.poll(); r != null; r = lane.poll()) {
            r.run();
        }
    }

    /**
     * Shows every sample taken from now on to {@code tap}, each as it comes (no bursts while a tap
     * is attached); the samples that were already waiting are not shown (see {@link Taps}).
     */
    public void addTap(Consumer<LiveSample> tap) {
        taps.add(tap, drainsBegun);
        wait.wake();
    }

    public void removeTap(Consumer<LiveSample> tap) {
        taps.remove(tap);
    }

    /** As {@link #addTap}, with the raw sample. */
    public void addRawTap(Consumer<RawSample> tap) {
        rawTaps.add(tap, drainsBegun);
        wait.wake();
    }

    public void removeRawTap(Consumer<RawSample> tap) {
        rawTaps.remove(tap);
    }

    /** Waits up to {@code timeout} for the first sample; true if one was read. */
    public boolean awaitFirstSample(Duration timeout) throws InterruptedException {
        return firstSample.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Ends the thread after the samples it has taken from the cell (and those the next drain finds waiting). */
    public void stop() {
        running = false;
        wait.wake();
    }

    public long samples() {
        return samples.get();
    }

    public long validSamples() {
        return validSamples.get();
    }

    public String lastError() {
        return lastError;
    }

    public ScaleModel model() {
        return model;
    }
}
