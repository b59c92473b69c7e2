package com.scalesense.demo.scale;

import com.scalesense.hal.HalException;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.SimulatedLoadCell;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A scale's load cell as one boot of its agent reads it: the world's samples ({@code hal.sim}'s
 * keg and cell) in order, each no sooner than its time on the {@link SimClock}. The world's cell
 * outlives the boot: {@link #close()} ends only this boot's view, and the next boot goes on from
 * where the world is then (the samples of the time the agent was dead are never read).
 *
 * <p>After the evening no sample comes at all: the demo's world ends there. A real chip would
 * answer NOT_READY and the agent would report a sensor fault, which is no part of the evening, so
 * {@link #read} waits until the agent stops and closes the cell (a read waiting on a silent chip
 * is ended that way).
 */
final class BootCell implements LoadCell {

    /** Longest real park while waiting for simulated time, so a close is seen within it. */
    private static final long IDLE_NANOS = 5_000_000L;

    private final SimulatedLoadCell world;
    private final Scenario scenario;
    private final SimClock time;
    private volatile boolean closed;

    BootCell(SimulatedLoadCell world, Scenario scenario, SimClock time) {
        this.world = world;
        this.scenario = scenario;
        this.time = time;
    }

    /** True once the world's last sample of the evening has been read. */
    static boolean over(SimulatedLoadCell world, Scenario scenario) {
        return world.finished() || world.nowNanos() + SampleRate.SPS_10.periodNanos() > scenario.endNanos();
    }

    @Override
    public RawSample read(Duration timeout) throws InterruptedException {
        long period = SampleRate.SPS_10.periodNanos();
        while (!closed) {
            long wait = over(world, scenario) ? IDLE_NANOS : time.realNanosUntil(world.nowNanos() + period);
            if (wait <= 0) {
                return world.read(Duration.ZERO);
            }
            LockSupport.parkNanos(Math.min(wait, IDLE_NANOS));
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for simulated time");
            }
        }
        throw new HalException("the scale's cell is closed: this boot of its agent has stopped");
    }

    /**
     * {@inheritDoc} Here: the next sample as {@link #read} gives it, then every following one whose
     * time on the {@link SimClock} has come.
     */
    @Override
    public int drain(List<RawSample> into, int max, Duration wait) throws InterruptedException {
        into.add(read(wait));
        int n = 1;
        long period = SampleRate.SPS_10.periodNanos();
        while (n < max && !closed && !over(world, scenario) && time.realNanosUntil(world.nowNanos() + period) <= 0) {
            into.add(world.read(Duration.ZERO));
            n++;
        }
        return n;
    }

    @Override
    public SampleRate rate() {
        return SampleRate.SPS_10;
    }

    /** Ends this boot's view; the world's cell stays open for the next boot. Idempotent. */
    @Override
    public void close() {
        closed = true;
    }
}
