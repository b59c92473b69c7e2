package com.scalesense.agent.sim;

import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import java.time.Duration;
import java.util.List;

/**
 * Hands out the samples of a simulated load cell (which computes them as fast as the CPU allows)
 * no sooner than their simulated time comes on a {@link ScaledTime}: at speed 1 exactly the
 * HX711's rate, at speed N N times that. The samples' own times are simulated time, so the
 * pipeline sees the same stream at any speed. Read by one thread (the sampling thread).
 */
public final class PacedLoadCell implements LoadCell {

    /** Waits until a number of real nanoseconds has passed; {@code Thread::sleep} in production. */
    @FunctionalInterface
    public interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final LoadCell simulated;
    private final ScaledTime time;
    private final Sleeper sleeper;
    /** The sample after the last one handed out, computed by {@link #drain} but not due yet. */
    private RawSample ahead;

    public PacedLoadCell(LoadCell simulated, ScaledTime time, Sleeper sleeper) {
        this.simulated = simulated;
        this.time = time;
        this.sleeper = sleeper;
    }

    /** A sleeper on {@link Thread#sleep(long, int)}. */
    public static Sleeper threadSleep() {
        return nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    }

    @Override
    public RawSample read(Duration timeout) throws InterruptedException {
        RawSample sample = ahead != null ? ahead : simulated.read(timeout);
        ahead = null;
        long wait = time.realNanosUntil(sample.monotonicNanos());
        if (wait > 0) {
            sleeper.sleepNanos(wait);
        }
        return sample;
    }

    /**
     * {@inheritDoc} Here: the next sample as {@link #read} gives it, then every following one whose
     * simulated time has come; the first that is not due yet is kept for the next call.
     */
    @Override
    public int drain(List<RawSample> into, int max, Duration wait) throws InterruptedException {
        into.add(read(wait));
        int n = 1;
        while (n < max) {
            RawSample next = simulated.read(Duration.ZERO);
            if (time.realNanosUntil(next.monotonicNanos()) > 0) {
                ahead = next;
                break;
            }
            into.add(next);
            n++;
        }
        return n;
    }

    @Override
    public SampleRate rate() {
        return simulated.rate();
    }

    @Override
    public void close() {
        simulated.close();
    }
}
