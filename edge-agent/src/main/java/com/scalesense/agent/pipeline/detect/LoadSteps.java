package com.scalesense.agent.pipeline.detect;

/**
 * The weights of one episode (and the window before it), and the loads set on or taken off the keg within it,
 * estimated from their steps. A load changes the weight in a step: a hand, a knee or a crate comes on or goes
 * within a sample or two (the simulated bar's knocks are instant; the spike filter and the 100 ms average leave
 * a step of about 100 ms), while beer leaves at most at a faucet's rate. So each change faster than a faucet
 * between the 200 ms before and the 200 ms after a sample is a step, and its size is the difference of two
 * lines with a common slope (the beer flowing through it, 0 to the faucet bound) fitted to the weights just
 * before and just after it, the first and last {@value #GUARD_MS} ms next to it left out (the ring of the knock,
 * the spike filter's lag). The net load is the sum of the steps: a load that came and went sums to about nought.
 *
 * <p>Holds at most {@code maxSamples} weights; an episode longer than that has no estimate. Not thread-safe.
 */
final class LoadSteps {

    /** Weights this close to a step are its transition and ring, not a level, ms. */
    static final long GUARD_MS = 200;
    /** A step's level on either side is fitted over at most this long, ms (a pour may stop soon after it). */
    static final long SPAN_MS = 700;
    /** Each side of a sample compared to find a step, ms. */
    static final long EDGE_MS = 200;

    private final float[] kg;
    private final int[] offsetMs;
    private final int edge;
    private final double stepKg;
    private final double maxPourKgPerMs;
    private long firstMs;
    private int n;
    private boolean overflow;

    /**
     * @param maxSamples      weights kept; more make the estimate unknown
     * @param samplesPerSecond the sample rate
     * @param stepKg          a change this much faster than a faucet is a step, kg
     * @param maxPourKgPerMs  the faucet's bound, kg per ms
     */
    LoadSteps(int maxSamples, int samplesPerSecond, double stepKg, double maxPourKgPerMs) {
        this.kg = new float[maxSamples];
        this.offsetMs = new int[maxSamples];
        this.edge = Math.max(1, (int) Math.round(EDGE_MS * samplesPerSecond / 1000.0));
        this.stepKg = stepKg;
        this.maxPourKgPerMs = maxPourKgPerMs;
    }

    void clear() {
        n = 0;
        overflow = false;
    }

    void add(long atMs, double weightKg) {
        if (n == 0) {
            firstMs = atMs;
        }
        if (n == kg.length) {
            overflow = true;
            return;
        }
        kg[n] = (float) weightKg;
        offsetMs[n] = (int) (atMs - firstMs);
        n++;
    }

    /**
     * The load the episode's steps left on the keg, kg: positive for a load set on (or a lean let go), negative
     * for a lean that lifts part of the keg (or a load taken off); 0 when no step was seen or the steps undid one
     * another (less than half the largest is left); NaN when it cannot be told (the episode outgrew the buffer,
     * or a step has no weights on one side of it).
     */
    double netLoadKg() {
        if (overflow) {
            return Double.NaN;
        }
        int[] steps = new int[n];
        int count = 0;
        int i = edge;
        while (i + edge <= n) {
            double diff = changeAt(i);
            if (Double.isNaN(diff)) {
                i++;
                continue;
            }
            // a run of changes of one sign faster than a faucet: its steepest point is the step
            int best = i;
            double bestKg = Math.abs(diff);
            int j = i + 1;
            for (; j + edge <= n; j++) {
                double next = changeAt(j);
                if (Double.isNaN(next) || Math.signum(next) != Math.signum(diff)) {
                    break;
                }
                if (Math.abs(next) > bestKg) {
                    best = j;
                    bestKg = Math.abs(next);
                }
            }
            steps[count++] = best;
            i = j;
        }
        double net = 0;
        double largest = 0;
        for (int k = 0; k < count; k++) {
            int from = k == 0 ? -1 : steps[k - 1];
            int to = k + 1 == count ? -1 : steps[k + 1];
            double step = stepAt(steps[k], from, to);
            net += step;
            largest = Math.max(largest, Math.abs(step));
        }
        // loads that came and went: each step is off by its own noise (about 20 g at 10 SPS under a pour's
        // vibration), so their sum is only that noise, and a remainder taken for a load left on the keg would
        // hold a load that is not there (issue 12, seed 20261122 life 22 at 10 SPS: a 0.81 kg lean on and off
        // during a pour summed to -0.11 kg); the settled weights measure such an episode better
        return Math.abs(net) < largest / 2 ? 0 : net;
    }

    /**
     * The mean of the {@code edge} weights from sample {@code i} less that of the {@code edge} before it, kg, when
     * it is a faster change than a faucet's between them; NaN when it is not.
     */
    private double changeAt(int i) {
        double diff = mean(i, i + edge) - mean(i - edge, i);
        double faucet = stepKg + maxPourKgPerMs * (offsetMs[i + edge - 1] - offsetMs[i - edge]);
        return Math.abs(diff) > faucet ? diff : Double.NaN;
    }

    /**
     * The step at sample {@code at}, from the weights after the step at {@code from} and before the one at
     * {@code to} (-1: none), kg.
     */
    private double stepAt(int at, int from, int to) {
        long t0 = offsetMs[at];
        // sums per side: count, t, x, tt, tx (t relative to the step)
        double[] pre = new double[5];
        double[] post = new double[5];
        for (int i = Math.max(0, from); i < (to < 0 ? n : to); i++) {
            long t = offsetMs[i] - t0;
            boolean nearOther = (from >= 0 && offsetMs[i] - offsetMs[from] < GUARD_MS)
                    || (to >= 0 && offsetMs[to] - offsetMs[i] < GUARD_MS);
            if (nearOther || Math.abs(t) < GUARD_MS) {
                continue;
            }
            if (t < 0 && t >= -SPAN_MS) {
                accumulate(pre, t, kg[i]);
            } else if (t >= 0 && t <= SPAN_MS) {
                accumulate(post, t, kg[i]);
            }
        }
        if (pre[0] == 0 || post[0] == 0) {
            return Double.NaN;
        }
        double stt = centred(pre[3], pre[1], pre[1], pre[0]) + centred(post[3], post[1], post[1], post[0]);
        double stx = centred(pre[4], pre[1], pre[2], pre[0]) + centred(post[4], post[1], post[2], post[0]);
        // beer leaves the keg no faster than a faucet and never comes back
        double slope = stt > 0 ? Math.max(-maxPourKgPerMs, Math.min(0, stx / stt)) : 0;
        double before = pre[2] / pre[0] - slope * pre[1] / pre[0];
        double after = post[2] / post[0] - slope * post[1] / post[0];
        return after - before;
    }

    private static void accumulate(double[] sums, double t, double x) {
        sums[0]++;
        sums[1] += t;
        sums[2] += x;
        sums[3] += t * t;
        sums[4] += t * x;
    }

    /** Σ(a − ā)(b − b̄) from Σab, Σa, Σb and the count. */
    private static double centred(double sumAb, double sumA, double sumB, double count) {
        return sumAb - sumA * sumB / count;
    }

    private double mean(int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += kg[i];
        }
        return sum / (to - from);
    }
}
