package com.scalesense.agent.sim;

import com.scalesense.agent.clock.SuppliedClock;
import com.scalesense.protocol.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * Simulated time running {@code speed} times faster than a real monotonic source: the clock of a
 * {@code --simulate --speed N} run, so an hour of keg life (readings, batch windows, battery
 * drain) passes in 3600/N real seconds. The simulated world begins either when this run starts
 * (simulated time 0 = now, the simulated wall clock starts at the real one) or at a fixed real
 * instant ({@code simulate.world_start}): then simulated time = (real now − world start) × speed
 * and the simulated wall clock = world start + simulated time, so a restarted agent finds the
 * world where an agent that never stopped would see it.
 */
public final class ScaledTime {

    private final LongSupplier realNanos;
    private final double speed;
    private final long originNanos;
    private final long originWallMs;
    private final long startSimNanos;

    /**
     * A world that begins now.
     *
     * @param realWall  real wall clock, read once for the origin
     * @param realNanos real monotonic nanoseconds ({@code System::nanoTime})
     * @param speed     simulated seconds per real second, &gt; 0
     */
    public ScaledTime(Clock realWall, LongSupplier realNanos, double speed) {
        this(realNanos, speed, realWall.millis(), 0);
    }

    private ScaledTime(LongSupplier realNanos, double speed, long originWallMs, long startSimNanos) {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed must be > 0, was " + speed);
        }
        this.realNanos = realNanos;
        this.speed = speed;
        this.originNanos = realNanos.getAsLong();
        this.originWallMs = originWallMs;
        this.startSimNanos = startSimNanos;
    }

    /**
     * A world that began at the real instant {@code worldStartMs}: simulated time starts at
     * (real wall now − world start) × speed.
     *
     * @param realWall     real wall clock, read once to place this run in the world
     * @param worldStartMs epoch ms, not after {@code realWall}'s now
     * @throws IllegalArgumentException if the world has not begun yet, or the simulated clock would
     *                                  pass 2100 (seed 001's timestamp range)
     */
    public static ScaledTime continuing(Clock realWall, LongSupplier realNanos, double speed, long worldStartMs) {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed must be > 0, was " + speed);
        }
        long realElapsedMs = realWall.millis() - worldStartMs;
        if (realElapsedMs < 0) {
            throw new IllegalArgumentException("simulate.world_start " + Instant.ofEpochMilli(worldStartMs)
                    + " is after the real clock's now " + realWall.instant() + ": the world has not begun");
        }
        double simMs = realElapsedMs * speed;
        if (worldStartMs + simMs >= Timestamps.END_MS) {
            throw new IllegalArgumentException("simulate.world_start " + Instant.ofEpochMilli(worldStartMs)
                    + " at speed " + speed + " puts the simulated clock past 2100-01-01T00:00:00Z");
        }
        return new ScaledTime(realNanos, speed, worldStartMs, Math.round(simMs * 1_000_000));
    }

    /** Simulated nanoseconds since the world began. */
    public long monoNanos() {
        return startSimNanos + (long) ((realNanos.getAsLong() - originNanos) * speed);
    }

    /** Simulated nanoseconds since the world began, when this run started (0 for a world begun now). */
    public long startNanos() {
        return startSimNanos;
    }

    /** Epoch ms of simulated time 0: when the world began. */
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
