package com.scalesense.hal.replay;

import java.util.concurrent.TimeUnit;

/**
 * The time a replay paces itself by. Tests pass a clock whose sleep advances its own time, so no
 * test waits for real.
 */
public interface ReplayClock {

    /** Monotonic time, nanoseconds, for intervals only (as {@link System#nanoTime()}). */
    long nanoTime();

    /** Wall-clock time, epoch milliseconds. */
    long wallMillis();

    /**
     * Waits about {@code nanos} nanoseconds; returns at once if {@code nanos <= 0}.
     *
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    void sleepNanos(long nanos) throws InterruptedException;

    /** The JVM's clocks and a real sleep: what a replay on a laptop or the demo uses. */
    static ReplayClock system() {
        return SystemClock.INSTANCE;
    }

    /** The adapter to the JVM's clocks; the one place this package reads them. */
    enum SystemClock implements ReplayClock {
        INSTANCE;

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long wallMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public void sleepNanos(long nanos) throws InterruptedException {
            if (nanos > 0) {
                TimeUnit.NANOSECONDS.sleep(nanos);
            }
        }
    }
}
