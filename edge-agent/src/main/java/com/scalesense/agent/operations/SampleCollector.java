package com.scalesense.agent.operations;

import com.scalesense.agent.scale.ScaleLoop;

import com.scalesense.control.ControlException;
import com.scalesense.hal.RawSample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Gathers the raw counts of the next {@code n} valid samples from the sampling thread, for a
 * calibration point, a tare or the selftest. Also counts the samples that were not valid.
 */
public final class SampleCollector implements Consumer<RawSample> {

    /**
     * Valid samples skipped before collecting: the sampling thread may hold one conversion taken
     * before the request (the load was just changed), and one more gives a platform just touched a
     * conversion period to stop ringing. The spread check then refuses a load that still moves.
     */
    static final int SKIPPED = 2;

    /** Mean and spread of the collected counts; {@code invalid} samples were skipped. */
    public record Stats(double mean, double std, int samples, int invalid, int saturated, int min, int max) {
    }

    private final int wanted;
    private final List<Integer> counts = new ArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private int invalid;
    private int saturated;
    private int skipped;

    private SampleCollector(int wanted) {
        this.wanted = wanted;
    }

    /**
     * Collects {@code n} valid samples, waiting at most {@code timeout}.
     *
     * @throws ControlException {@code no_samples} if they did not come in time
     */
    public static Stats collect(ScaleLoop loop, int n, Duration timeout) throws InterruptedException {
        SampleCollector c = new SampleCollector(n);
        loop.addRawTap(c);
        try {
            if (!c.done.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                synchronized (c) {
                    throw new ControlException("no_samples", String.format(Locale.ROOT,
                            "samples = %d of %d valid within %s (%d invalid): the load cell must deliver valid samples",
                            c.counts.size(), n, timeout, c.invalid));
                }
            }
        } finally {
            loop.removeRawTap(c);
        }
        return c.stats();
    }

    @Override
    public synchronized void accept(RawSample s) {
        if (counts.size() >= wanted) {
            return;
        }
        if (s.status() == com.scalesense.hal.SampleStatus.SATURATED) {
            saturated++;
        }
        if (!s.isValid()) {
            invalid++;
            return;
        }
        if (skipped < SKIPPED) {
            skipped++;
            return;
        }
        counts.add(s.value());
        if (counts.size() == wanted) {
            done.countDown();
        }
    }

    private synchronized Stats stats() {
        double mean = counts.stream().mapToInt(Integer::intValue).average().orElse(Double.NaN);
        double var = counts.stream().mapToDouble(c -> (c - mean) * (c - mean)).sum() / Math.max(1, counts.size() - 1);
        return new Stats(mean, Math.sqrt(var), counts.size(), invalid, saturated,
                counts.stream().mapToInt(Integer::intValue).min().orElse(0),
                counts.stream().mapToInt(Integer::intValue).max().orElse(0));
    }
}
