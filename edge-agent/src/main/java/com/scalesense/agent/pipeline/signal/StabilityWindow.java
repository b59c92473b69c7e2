package com.scalesense.agent.pipeline.signal;

/**
 * The latest {@code n} filtered weights, with what the keg detector asks of them: mean, standard
 * deviation, and the difference between the means of the newer and older halves (negative while
 * the weight falls). Stable means full, std ≤ {@code maxStd} and |half difference| ≤ {@code maxDrift}.
 * Values are kg.
 */
public final class StabilityWindow {

    private final double[] values;
    private final double maxStd;
    private final double maxDrift;
    private int count;
    private int next;
    private double mean;
    private double std;
    private double halfDiff;

    public StabilityWindow(int n, double maxStdKg, double maxDriftKg) {
        this.values = new double[n];
        this.maxStd = maxStdKg;
        this.maxDrift = maxDriftKg;
    }

    public void add(double kg) {
        values[next] = kg;
        next = (next + 1) % values.length;
        count = Math.min(count + 1, values.length);
        // Recomputed from the values each time: exact, and n is at most a few hundred.
        double sum = 0;
        double older = 0;
        int half = count / 2;
        for (int i = 0; i < count; i++) {
            double v = values[(next - count + i + values.length) % values.length];
            sum += v;
            if (i < half) {
                older += v;
            }
        }
        mean = sum / count;
        double sq = 0;
        for (int i = 0; i < count; i++) {
            double d = values[i] - mean;
            sq += d * d;
        }
        std = Math.sqrt(sq / count);
        halfDiff = half == 0 ? 0 : (sum - older) / (count - half) - older / half;
    }

    public boolean full() {
        return count == values.length;
    }

    public boolean stable() {
        return full() && std <= maxStd && Math.abs(halfDiff) <= maxDrift;
    }

    /** True while the newer half is clearly lighter than the older half. */
    public boolean falling() {
        return full() && halfDiff < -maxDrift;
    }

    public double mean() {
        return mean;
    }

    public double std() {
        return std;
    }

    public double halfDiff() {
        return halfDiff;
    }

    public int size() {
        return values.length;
    }

    public void reset() {
        count = 0;
        next = 0;
    }
}
