package com.scalesense.agent.pipeline.signal;

/**
 * Mean of the latest {@code n} values. At 80 SPS eight samples make 100 ms, the same span as one
 * 10 SPS conversion, and cut uncorrelated noise by √8 ≈ 2.8 with 44 ms of delay; at 10 SPS
 * {@code n} is 1 and values pass unchanged. Values are kg.
 */
public final class BoxcarAverage {

    private final double[] values;
    private int count;
    private int next;
    private double sum;

    public BoxcarAverage(int n) {
        this.values = new double[n];
    }

    public double apply(double x) {
        if (count == values.length) {
            sum -= values[next];
        } else {
            count++;
        }
        values[next] = x;
        sum += x;
        next = (next + 1) % values.length;
        if (next == 0) { // once per lap, drop the rounding the running sum gathered
            sum = 0;
            for (int i = 0; i < count; i++) {
                sum += values[i];
            }
        }
        return sum / count;
    }

    public void reset() {
        count = 0;
        next = 0;
        sum = 0;
    }
}
