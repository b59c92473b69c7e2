package com.scalesense.agent.runtime;

import com.scalesense.agent.clock.SuppliedClock;
import java.time.Clock;
import java.util.function.LongSupplier;

/**
 * Simulated time running {@code speed} times faster than a real monotonic source, from the real
 * wall time at construction: the clock of a {@code --simulate --speed N} run, so an hour of keg
 * life (readings, batch windows, battery drain) passes in 3600/N real seconds.
 */
public final class ScaledTime {

    private final LongSupplier realNanos;
    private final double speed;
    private final long originNanos;
    private final long originWallMs;

    /**
     * @param realWall  real wall clock, read once for the origin
     * @param realNanos real monotonic nanoseconds ({@code System::nanoTime})
     * @param speed     simulated seconds per real second, &gt; 0
     */
    public ScaledTime(Clock realWall, LongSupplier realNanos, double speed) {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed must be > 0, was " + speed);
        }
        this.realNanos = realNanos;
        this.speed = speed;
        this.originNanos = realNanos.getAsLong();
        this.originWallMs = realWall.millis();
    }

    /** Simulated nanoseconds since the origin. */
    public long monoNanos() {
        return (long) ((realNanos.getAsLong() - originNanos) * speed);
    }

    /** Epoch ms of simulated time 0. */
    public long originWallMs() {
        return originWallMs;
    }

    public double speed() {
        return speed;
    }

    /** Real nanoseconds until simulated time reaches {@code simNanos} (0 if it already has). */
    public long realNanosUntil(long simNanos) {
        long ahead = simNanos - monoNanos();
        return ahead <= 0 ? 0 : (long) Math.ceil(ahead / speed);
    }

    /** The simulated wall clock, epoch ms = origin + simulated time. */
    public Clock clock() {
        return new SuppliedClock(() -> originWallMs + monoNanos() / 1_000_000);
    }
}
