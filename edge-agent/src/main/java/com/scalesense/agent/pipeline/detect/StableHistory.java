package com.scalesense.agent.pipeline.detect;

import java.util.Arrays;

/**
 * The stable window means of the latest samples, so a pour's "before" weight can be taken from a
 * window that closed before the fall began (the window that first notices a fall already holds
 * some falling samples).
 */
final class StableHistory {

    private final int lookback;
    private final double[] means;
    private long newest;

    StableHistory(int window) {
        this.lookback = window;
        this.means = new double[2 * window + 1];
        clear();
    }

    void record(long index, double stableMeanOrNaN) {
        means[(int) (index % means.length)] = stableMeanOrNaN;
        newest = index;
    }

    /** Latest stable mean at least one window before {@code index}; {@code fallback} if none is kept. */
    double settledBefore(long index, double fallback) {
        for (long i = index - lookback; i > Math.max(0, newest - means.length); i--) {
            double m = means[(int) (i % means.length)];
            if (!Double.isNaN(m)) {
                return m;
            }
        }
        return fallback;
    }

    void clear() {
        Arrays.fill(means, Double.NaN);
    }
}
