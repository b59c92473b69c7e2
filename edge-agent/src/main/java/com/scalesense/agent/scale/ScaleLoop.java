package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
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
 */
public final class ScaleLoop implements Runnable {

    /**
     * How long samples gather between two bursts while nobody watches: 10 samples at 10 SPS, 80 at
     * 80 SPS (the HX711 driver's ring holds 1,024, {@code Hx711Config.DEFAULT_BUFFER_CAPACITY}). A
     * reading or an event reaches the outbox up to this much later than if each sample were
     * processed as it came.
     */
    public static final Duration BURST_PERIOD = Duration.ofSeconds(1);

    /** Full drains in a row after which the lane runs even if more samples wait (two burst periods' worth each). */
    static final int MAX_DRAINS_BEFORE_LANE = 10;

    private static final Logger LOG = LoggerFactory.getLogger(ScaleLoop.class);

    private final LoadCell cell;
    private final ScaleModel model;
    private final Supplier<Ambient> ambient;
    private final Duration readTimeout;
    private final long burstNanos;
    /** Samples one drain takes at most: two burst periods' worth, so a late burst is taken whole. */
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
     * Bursts of {@link #BURST_PERIOD} on a {@link BurstWait#timed()} wait.
     *
     * @param readTimeout how long one read may wait for the chip before it counts as not ready
     */
    public ScaleLoop(LoadCell cell, ScaleModel model, Supplier<Ambient> ambient, Duration readTimeout) {
        this(cell, model, ambient, readTimeout, BURST_PERIOD, BurstWait.timed());
    }

    /**
     * @param readTimeout how long one read may wait for the chip before it counts as not ready
     * @param burst       how long samples gather between two bursts while nobody watches, &gt; 0
     * @param wait        how the thread waits for the next burst
     */
    public ScaleLoop(LoadCell cell, ScaleModel model, Supplier<Ambient> ambient, Duration readTimeout,
                     Duration burst, BurstWait wait) {
        if (burst.isNegative() || burst.isZero()) {
            throw new IllegalArgumentException("burst must be > 0, was " + burst);
        }
        this.cell = cell;
        this.model = model;
        this.ambient = ambient;
        this.readTimeout = readTimeout;
        this.burstNanos = burst.toNanos();
        this.maxBurst = (int) Math.max(1, Math.ceil(2.0 * cell.rate().samplesPerSecond() * burst.toNanos() / 1e9));
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
                    wait.await(burstNanos);
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
        runLane();
    }

    /** True while samples must be processed as they come: see the class comment. */
    private boolean atOnce() {
        return validSamples.get() == 0 || taps.any() || rawTaps.any() || !lane.isEmpty();
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
