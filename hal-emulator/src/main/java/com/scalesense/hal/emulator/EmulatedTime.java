package com.scalesense.hal.emulator;

import com.scalesense.hal.hx711.Hx711Timing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * One time for the HX711 driver and the chip emulator, moved only by the driver's own code: each
 * read of the clock costs {@value #READ_COST_NANOS} ns, each wait between polls lasts exactly what
 * the driver asked. A clock pulse therefore lasts what the driver's code makes it last, however
 * busy the machine is, and a test sees the same samples on a loaded machine as on an idle one.
 * (The production driver runs on {@link Hx711Timing#system()}, where a pre-empted pulse is real
 * and its guard sees it; that guard is tested here by stretching a pulse on purpose.)
 *
 * <p>Two ways to let it run:
 * <ul>
 *   <li>{@link #gated()}: time moves only as far as the test grants with {@link #advance}, which
 *       returns once the sampling thread waits for more. The test acts between two steps of the
 *       driver, so every run is the same run.</li>
 *   <li>{@link #paced(double)}: time runs by itself but never ahead of real time × speed, for an
 *       agent that reads its samples in real time. Pulse widths stay exact; a slow machine only
 *       makes the emulated seconds take longer.</li>
 *   <li>{@link #free()}: time runs as fast as the code, for a test whose own thread drives the
 *       driver's parts by hand.</li>
 * </ul>
 *
 * <p>Threads: the sampling thread owns the time ({@link #nanoTime}, {@link #parkNanos},
 * {@link #jump}; any thread once sampling has stopped); any thread may read {@link #now()} and,
 * in gated mode, call {@link #advance}.
 */
public final class EmulatedTime implements Hx711Timing {

    /** What one read of the clock costs the driver, nanoseconds: a few instructions and a call. */
    public static final long READ_COST_NANOS = 50;
    /**
     * How long {@link #advance} waits for the sampling thread to use the time it was granted, in
     * real time. A hang guard only: a healthy driver needs milliseconds on the slowest machine.
     */
    private static final long GRANT_PATIENCE_NANOS = TimeUnit.MINUTES.toNanos(2);

    private final double speed;
    private final long realStart;
    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    private volatile long now;
    private long limit;
    private boolean waiting;
    private boolean released;

    private EmulatedTime(double speed) {
        this.speed = speed;
        this.realStart = System.nanoTime();
    }

    /** Time that stands still until the test grants some with {@link #advance}. */
    public static EmulatedTime gated() {
        return new EmulatedTime(0);
    }

    /** Time that runs as fast as the code that reads it: no gate, no real waiting. */
    public static EmulatedTime free() {
        return new EmulatedTime(Double.POSITIVE_INFINITY);
    }

    /** Time that runs by itself, at most {@code speed} emulated seconds per real second. */
    public static EmulatedTime paced(double speed) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("speed = " + speed + ": must be a positive finite factor");
        }
        return new EmulatedTime(speed);
    }

    /** Emulated nanoseconds since creation, without moving the time. */
    public long now() {
        return now;
    }

    /** A wall clock at {@code origin} plus the emulated time, for sample wall stamps. */
    public Clock clock(Instant origin) {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException("an emulated clock is UTC");
            }

            @Override
            public Instant instant() {
                return origin.plusNanos(now);
            }
        };
    }

    @Override
    public long nanoTime() {
        synchronized (this) {
            now += READ_COST_NANOS;
            return now;
        }
    }

    @Override
    public long readerNanos() {
        return now;
    }

    @Override
    public void parkNanos(long nanos) {
        long reached;
        synchronized (this) {
            // A wait always takes some time, so a loop of waits always moves on.
            long target = now + Math.max(nanos, READ_COST_NANOS);
            while (speed == 0 && target > limit && !released) {
                now = Math.max(now, limit);
                waiting = true;
                notifyAll();
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    released = true;
                }
                waiting = false;
            }
            now = Math.max(now, target);
            reached = now;
        }
        for (LongConsumer listener : listeners) {
            listener.accept(reached);
        }
        if (speed > 0 && speed < Double.POSITIVE_INFINITY) {
            long realDue = realStart + (long) (reached / speed);
            long early = realDue - System.nanoTime();
            if (early > 0) {
                LockSupport.parkNanos(early);
            }
        }
    }

    /** Moves the time on by {@code nanos} inside the sampling thread's current step (a pre-empted pulse). */
    public void jump(long nanos) {
        synchronized (this) {
            now += nanos;
        }
    }

    /**
     * Gated time: grants {@code duration} more and returns once the sampling thread has used it
     * and waits for more (or sampling has stopped).
     *
     * @throws IllegalStateException if the time runs by itself, or the sampling thread has not used
     *                               the grant within two minutes of real time (it is not running)
     */
    public synchronized void advance(Duration duration) {
        if (speed > 0) {
            throw new IllegalStateException("this time runs by itself; advance() is for gated time");
        }
        limit += duration.toNanos();
        notifyAll();
        long deadline = System.nanoTime() + GRANT_PATIENCE_NANOS;
        while (!released && !(waiting && now >= limit)) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw new IllegalStateException("the HX711 sampling thread has not used the " + duration
                        + " granted (emulated time " + now + " ns, granted up to " + limit
                        + " ns) within 2 minutes of real time: is the driver started?");
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, remaining);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the sampling thread used its time", e);
            }
        }
    }

    /** Called with the new time after every wait of the sampling thread (the emulator's conversions). */
    public void onAdvance(LongConsumer listener) {
        listeners.add(listener);
    }

    /** Stops gating: the sampling thread runs free until it sees it was stopped. */
    @Override
    public synchronized void samplingStopped() {
        released = true;
        notifyAll();
    }
}
