package com.scalesense.agent.sim;

import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import java.time.Duration;

/**
 * Hands out the samples of a simulated load cell (which computes them as fast as the CPU allows)
 * no sooner than their simulated time comes on a {@link ScaledTime}: at speed 1 exactly the
 * HX711's rate, at speed N N times that. The samples' own times are simulated time, so the
 * pipeline sees the same stream at any speed.
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
        RawSample sample = simulated.read(timeout);
        long wait = time.realNanosUntil(sample.monotonicNanos());
        if (wait > 0) {
            sleeper.sleepNanos(wait);
        }
        return sample;
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
