package com.scalesense.demo.cloud;

import com.scalesense.demo.report.StoredReadings.Stored;
import java.util.List;

/**
 * Where a low_keg alert's grace period starts, from a scale's stored readings: the first reading
 * under the threshold of the run of low readings that ends at a given time (the alert test's and
 * the freshness benchmark's measure).
 */
public final class LowRun {

    private LowRun() {
    }

    /**
     * The first reading under {@code lowPct} after the last one at or above it, among
     * {@code readings} (oldest first, as {@link com.scalesense.demo.report.StoredReadings#deviceReadings}
     * gives them) taken at or before {@code untilMs}; readings without a level are passed over.
     *
     * @return its timestamp, epoch ms; {@link Long#MIN_VALUE} when the last level by then is not low
     */
    public static long start(List<Stored> readings, long untilMs, double lowPct) {
        long start = Long.MIN_VALUE;
        for (Stored r : readings) {
            if (r.timestampMs() <= untilMs && r.levelPct() != null) {
                boolean low = r.levelPct() < lowPct;
                start = low ? (start == Long.MIN_VALUE ? r.timestampMs() : start) : Long.MIN_VALUE;
            }
        }
        return start;
    }
}
