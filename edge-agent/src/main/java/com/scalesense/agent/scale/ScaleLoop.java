package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
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
 */
public final class ScaleLoop implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ScaleLoop.class);

    private final LoadCell cell;
    private final ScaleModel model;
    private final Supplier<Ambient> ambient;
    private final Duration readTimeout;
    private final ConcurrentLinkedQueue<Runnable> lane = new ConcurrentLinkedQueue<>();
    private final List<Consumer<LiveSample>> taps = new CopyOnWriteArrayList<>();
    private final List<Consumer<RawSample>> rawTaps = new CopyOnWriteArrayList<>();
    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong validSamples = new AtomicLong();
    private final CountDownLatch firstSample = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile String lastError;

    /** @param readTimeout how long one read may wait for the chip before it counts as not ready */
    public ScaleLoop(LoadCell cell, ScaleModel model, Supplier<Ambient> ambient, Duration readTimeout) {
        this.cell = cell;
        this.model = model;
        this.ambient = ambient;
        this.readTimeout = readTimeout;
    }

    @Override
    public void run() {
        while (running) {
            runLane();
            try {
                RawSample sample = cell.read(readTimeout);
                accept(sample);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            } catch (RuntimeException e) {
                if (!running) {
                    break; // stopping: the cell was closed under a read that waited for the chip
                }
                // A failing sample must not end sampling; the health check sees progress stop if it persists.
                lastError = "sampling: " + e.getMessage();
                LOG.error("sample could not be processed", e);
            }
        }
        runLane();
    }

    private void accept(RawSample sample) {
        model.accept(sample, ambient.get());
        samples.incrementAndGet();
        if (sample.isValid()) {
            validSamples.incrementAndGet();
        }
        firstSample.countDown();
        rawTaps.forEach(t -> t.accept(sample));
        if (!taps.isEmpty()) { // nobody watching live: no sample to build
            LiveSample live = live(sample);
            taps.forEach(t -> t.accept(live));
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

    public void addTap(Consumer<LiveSample> tap) {
        taps.add(tap);
    }

    public void removeTap(Consumer<LiveSample> tap) {
        taps.remove(tap);
    }

    public void addRawTap(Consumer<RawSample> tap) {
        rawTaps.add(tap);
    }

    public void removeRawTap(Consumer<RawSample> tap) {
        rawTaps.remove(tap);
    }

    /** Waits up to {@code timeout} for the first sample; true if one was read. */
    public boolean awaitFirstSample(Duration timeout) throws InterruptedException {
        return firstSample.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public void stop() {
        running = false;
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
