package com.scalesense.agent.clock;

/**
 * Milliseconds on a clock that never steps, counted from an origin fixed for the whole boot.
 * Wall-clock steps (NTP, a technician's {@code date -s}) do not move it.
 */
@FunctionalInterface
public interface MonotonicClock {

    /** Milliseconds since this boot's origin. */
    long monoMs();

    /**
     * The JVM's {@link System#nanoTime()}: on Linux HotSpot reads CLOCK_MONOTONIC, which counts
     * from boot, so values from two agent runs within one boot are comparable.
     */
    static MonotonicClock system() {
        return () -> System.nanoTime() / 1_000_000;
    }
}
