package com.scalesense.agent.runtime;

import com.scalesense.control.Replies;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
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
final class SamplingLoop implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(SamplingLoop.class);

    private final LoadCell cell;
    private final ScaleModel model;
    private final Supplier<Ambient> ambient;
    private final Duration readTimeout;
    private final ConcurrentLinkedQueue<Runnable> lane = new ConcurrentLinkedQueue<>();
    private final List<Consumer<Replies.Live>> taps = new CopyOnWriteArrayList<>();
    private final List<Consumer<RawSample>> rawTaps = new CopyOnWriteArrayList<>();
    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong validSamples = new AtomicLong();
    private final CountDownLatch firstSample = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Replies.Live last;
    private volatile String lastError;

    /** @param readTimeout how long one read may wait for the chip before it counts as not ready */
    SamplingLoop(LoadCell cell, ScaleModel model, Supplier<Ambient> ambient, Duration readTimeout) {
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
                // A failing sample must not end sampling; the health check sees progress stop if it persists.
                lastError = "sampling: " + e.getMessage();
                LOG.error("sample could not be processed", e);
            }
        }
        runLane();
    }

    private void accept(RawSample sample) {
        model.accept(sample, ambient.get());
        Calibration c = model.calibration();
        Double kg = sample.isValid() && c != null ? c.toKg(sample.value(), null) : null;
        Replies.Live live = new Replies.Live(sample.wallMillis(), sample.value(),
                sample.status().name().toLowerCase(Locale.ROOT), kg, model.state().name().toLowerCase(Locale.ROOT));
        last = live;
        samples.incrementAndGet();
        if (sample.isValid()) {
            validSamples.incrementAndGet();
        }
        firstSample.countDown();
        rawTaps.forEach(t -> t.accept(sample));
        taps.forEach(t -> t.accept(live));
    }

    /** Runs {@code task} on the sampling thread between two samples; the future carries its outcome. */
    <T> CompletableFuture<T> submit(Callable<T> task) {
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

    void addTap(Consumer<Replies.Live> tap) {
        taps.add(tap);
    }

    void removeTap(Consumer<Replies.Live> tap) {
        taps.remove(tap);
    }

    void addRawTap(Consumer<RawSample> tap) {
        rawTaps.add(tap);
    }

    void removeRawTap(Consumer<RawSample> tap) {
        rawTaps.remove(tap);
    }

    /** Waits up to {@code timeout} for the first sample; true if one was read. */
    boolean awaitFirstSample(Duration timeout) throws InterruptedException {
        return firstSample.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    void stop() {
        running = false;
    }

    long samples() {
        return samples.get();
    }

    long validSamples() {
        return validSamples.get();
    }

    Replies.Live last() {
        return last;
    }

    String lastError() {
        return lastError;
    }

    ScaleModel model() {
        return model;
    }
}
