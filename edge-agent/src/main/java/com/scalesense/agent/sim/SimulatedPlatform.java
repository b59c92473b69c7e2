package com.scalesense.agent.sim;

import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.sim.AdcSignal;
import java.time.Duration;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The platform of {@code --simulate} with a technician's hands: {@link #put} lifts the bar's keg
 * off and puts a known weight on the cell; {@link #remove} takes it off and the keg life goes on
 * where the simulated clock is. The weight's counts come from the same cell model (span, zero,
 * noise) as the keg life, so the calibration walk of docs/calibration.md works as on a real scale.
 * Samples keep the bar's timing (pacing, timestamps); thread-safe: the sampling thread reads while
 * the control socket puts and removes.
 */
public final class SimulatedPlatform implements LoadCell {

    /** A known weight on the cell and the signal it gives. */
    private record Weight(double kg, AdcSignal signal) {
    }

    private final LoadCell bar;
    private final DoubleFunction<AdcSignal> cellUnder;
    private volatile Weight weight;

    /**
     * @param bar       the bar's keg life on the simulated cell, paced to real time
     * @param cellUnder the signal of the same cell with {@code kg} resting still on it
     */
    public SimulatedPlatform(LoadCell bar, DoubleFunction<AdcSignal> cellUnder) {
        this.bar = bar;
        this.cellUnder = cellUnder;
    }

    /** Puts {@code kg} on the platform in place of whatever was on it. */
    public void put(double kg) {
        weight = new Weight(kg, cellUnder.apply(kg));
    }

    /** Takes the weight off: the bar's keg life is read again. */
    public void remove() {
        weight = null;
    }

    /** The known weight on the platform, kg, or null when the bar's keg life is. */
    public Double weightKg() {
        Weight w = weight;
        return w == null ? null : w.kg();
    }

    @Override
    public RawSample read(Duration timeout) throws InterruptedException {
        return onPlatform(bar.read(timeout), weight);
    }

    /** {@inheritDoc} Here: the bar's samples, each as {@link #read} would turn it; one weight for the whole call. */
    @Override
    public int drain(List<RawSample> into, int max, Duration wait) throws InterruptedException {
        int from = into.size();
        int n = bar.drain(into, max, wait);
        Weight w = weight;
        for (int i = from; i < from + n; i++) {
            into.set(i, onPlatform(into.get(i), w));
        }
        return n;
    }

    /** The sample the cell gives with {@code w} on it in place of the bar's load, or the bar's sample. */
    private static RawSample onPlatform(RawSample sample, Weight w) {
        if (w == null || sample.status() == SampleStatus.NOT_READY) {
            return sample;
        }
        long counts = Math.round(w.signal().countsAt(sample.monotonicNanos()));
        if (counts >= RawSample.MAX_COUNT || counts <= RawSample.MIN_COUNT) {
            return new RawSample(counts > 0 ? RawSample.MAX_COUNT : RawSample.MIN_COUNT, sample.monotonicNanos(),
                    sample.wallMillis(), SampleStatus.SATURATED);
        }
        return new RawSample((int) counts, sample.monotonicNanos(), sample.wallMillis(), SampleStatus.OK);
    }

    @Override
    public SampleRate rate() {
        return bar.rate();
    }

    @Override
    public void close() {
        bar.close();
    }
}
