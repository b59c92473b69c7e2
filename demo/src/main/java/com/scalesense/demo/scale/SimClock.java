package com.scalesense.demo.scale;

import com.scalesense.agent.clock.MonotonicClock;
import com.scalesense.agent.clock.SuppliedClock;
import java.time.Clock;
import java.util.function.LongSupplier;

/**
 * The bar's simulated time, running {@code speed} times faster than a real monotonic source from
 * {@link #start()} on. Every part of the demo (scales, sink, admin, the live view) reads time
 * here, so a six-hour evening is one consistent six hours for all of them.
 */
public final class SimClock {

    private final long eveningStartMs;
    private final double speed;
    private final LongSupplier realNanos;
    private volatile long originRealNanos = Long.MIN_VALUE;

    /**
     * @param eveningStartMs epoch ms of simulated time 0
     * @param speed          simulated seconds per real second, &gt; 0
     * @param realNanos      real monotonic nanoseconds ({@code System::nanoTime})
     */
    public SimClock(long eveningStartMs, double speed, LongSupplier realNanos) {
        this.eveningStartMs = eveningStartMs;
        this.speed = speed;
        this.realNanos = realNanos;
    }

    /** Lets time run; before this, simulated time stays at 0. Idempotent. */
    public synchronized void start() {
        if (originRealNanos == Long.MIN_VALUE) {
            originRealNanos = realNanos.getAsLong();
        }
    }

    /** Simulated nanoseconds since the evening began. */
    public long simNanos() {
        long origin = originRealNanos;
        return origin == Long.MIN_VALUE ? 0 : (long) ((realNanos.getAsLong() - origin) * speed);
    }

    /** Real nanoseconds until simulated time reaches {@code simNanos} (0 if it has). */
    public long realNanosUntil(long simNanos) {
        long ahead = simNanos - simNanos();
        return ahead <= 0 ? 0 : (long) Math.ceil(ahead / speed);
    }

    public long eveningStartMs() {
        return eveningStartMs;
    }

    public double speed() {
        return speed;
    }

    /** Epoch ms now in simulated time. */
    public long millis() {
        return eveningStartMs + simNanos() / 1_000_000;
    }

    /** Milliseconds since the evening began, for the agent's monotonic clock. */
    public MonotonicClock mono() {
        return () -> simNanos() / 1_000_000;
    }

    /** The simulated wall clock, UTC. */
    public Clock clock() {
        return new SuppliedClock(SimClock.this::millis);
    }
}
