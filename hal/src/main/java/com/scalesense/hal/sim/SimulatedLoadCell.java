package com.scalesense.hal.sim;

import com.scalesense.hal.HalException;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;

import java.time.Duration;

/**
 * A {@link LoadCell} that reads a simulated signal on simulated time, as fast as the CPU allows:
 * each {@link #read} advances the clock by one conversion period (100 ms at 10 SPS, 12.5 ms at
 * 80 SPS) and never waits. Values are rounded and clipped to the 24-bit range like the HX711
 * (datasheet p.4); a clipped value comes with {@link SampleStatus#SATURATED}, and samples inside a
 * scenario fault window carry that window's status and value 0, as the real driver reports them.
 *
 * <p>Once the scenario's end is reached every read returns {@link SampleStatus#NOT_READY}.
 */
public final class SimulatedLoadCell implements LoadCell {

    private final AdcSignal signal;
    private final Scenario scenario;
    private final SampleRate rate;
    private final long epochMillisAtStart;
    private long nowNanos;
    private boolean closed;

    /**
     * @param epochMillisAtStart wall-clock time of scenario time 0, epoch ms
     */
    public SimulatedLoadCell(AdcSignal signal, Scenario scenario, SampleRate rate, long epochMillisAtStart) {
        this.signal = signal;
        this.scenario = scenario;
        this.rate = rate;
        this.epochMillisAtStart = epochMillisAtStart;
    }

    @Override
    public RawSample read(Duration timeout) {
        if (closed) {
            throw new HalException("simulated load cell is closed");
        }
        nowNanos += rate.periodNanos();
        long wall = epochMillisAtStart + nowNanos / 1_000_000;
        if (nowNanos >= scenario.endNanos()) {
            return new RawSample(0, nowNanos, wall, SampleStatus.NOT_READY);
        }
        FaultWindow fault = scenario.faultAt(nowNanos);
        double counts = signal.countsAt(nowNanos); // keep the signal's random stream in step
        if (fault != null) {
            return new RawSample(0, nowNanos, wall, fault.status());
        }
        long rounded = Math.round(counts);
        if (rounded >= RawSample.MAX_COUNT) {
            return new RawSample(RawSample.MAX_COUNT, nowNanos, wall, SampleStatus.SATURATED);
        }
        if (rounded <= RawSample.MIN_COUNT) {
            return new RawSample(RawSample.MIN_COUNT, nowNanos, wall, SampleStatus.SATURATED);
        }
        return new RawSample((int) rounded, nowNanos, wall, SampleStatus.OK);
    }

    /**
     * Moves the cell forward to simulated time {@code nanos} without handing out the samples in
     * between, as a scale nobody read meanwhile (its agent was down): the next {@link #read} is the
     * first sample after {@code nanos}. The skipped samples are still computed, so the signal's
     * noise, creep and spikes stay exactly as an uninterrupted cell would have them. Never moves
     * back; stops at the scenario's end.
     */
    public void skipTo(long nanos) {
        if (closed) {
            throw new HalException("simulated load cell is closed");
        }
        long period = rate.periodNanos();
        long last = Math.min(nanos, scenario.endNanos());
        while (nowNanos + period <= last) {
            nowNanos += period;
            signal.countsAt(nowNanos);
        }
        // Past the scenario's end nothing is measured, but time still moves on: a restart there
        // must not stamp its samples back at the end, behind those of the run before it.
        if (nanos - nowNanos >= period) {
            nowNanos += (nanos - nowNanos) / period * period;
        }
    }

    /** Simulated time of the latest sample, ns since the scenario began. */
    public long nowNanos() {
        return nowNanos;
    }

    /** True once the scenario has been read to its end. */
    public boolean finished() {
        return nowNanos >= scenario.endNanos();
    }

    @Override
    public SampleRate rate() {
        return rate;
    }

    @Override
    public void close() {
        closed = true;
    }
}
