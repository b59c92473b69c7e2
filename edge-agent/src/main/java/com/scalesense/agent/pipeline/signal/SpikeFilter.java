package com.scalesense.agent.pipeline.signal;

import java.util.Arrays;

/**
 * Causal Hampel filter: a sample further than {@code k} scaled MADs (and more than a floor) from
 * the median of the latest {@code n} samples is replaced by that median; any other sample passes
 * unchanged. Isolated spikes (the HX711's 2^n−1 read glitches, knocks) vanish, while a pour's
 * steady ramp passes without lag: on a ramp each sample sits about (n−1)/2 steps from the median,
 * well inside k × 1.4826 × MAD. A real step (keg set down) comes through once it fills half the
 * window, about n/2 samples late. Values are kg.
 */
public final class SpikeFilter {

    /** MAD to standard deviation for Gaussian noise. */
    private static final double MAD_TO_SIGMA = 1.4826;

    private final double[] window;
    private final double[] scratch;
    private final double k;
    private final double floor;
    private int count;
    private int next;

    public SpikeFilter(int n, double k, double floorKg) {
        this.window = new double[n];
        this.scratch = new double[n];
        this.k = k;
        this.floor = floorKg;
    }

    /** @return the sample, or the window median if the sample is a spike */
    public double apply(double x) {
        window[next] = x;
        next = (next + 1) % window.length;
        count = Math.min(count + 1, window.length);
        double median = median(window, count);
        for (int i = 0; i < count; i++) {
            scratch[i] = Math.abs(window[i] - median);
        }
        double mad = MAD_TO_SIGMA * median(scratch, count);
        return Math.abs(x - median) > Math.max(k * mad, floor) ? median : x;
    }

    /** Forgets the past, e.g. after a sensor gap, so old values do not judge new ones. */
    public void reset() {
        count = 0;
        next = 0;
    }

    private double median(double[] values, int n) {
        double[] sorted = values == scratch ? scratch : Arrays.copyOf(values, n);
        Arrays.sort(sorted, 0, n);
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
