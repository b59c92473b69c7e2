package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;

/**
 * Chooses each recorded row's timestamp_ms so that the trace keeps the strictly increasing rule
 * even when the wall clock steps during a capture (a Pi has no RTC and steps its clock when NTP
 * first syncs).
 *
 * <p>A sample's own {@code wallMillis} is used whenever it agrees, within
 * {@link #STEP_TOLERANCE_MS}, with the last used timestamp plus the monotonic time elapsed since
 * that sample; so on a healthy scale the trace holds exactly the wall times the samples carried.
 * When they disagree the wall clock has stepped, and the row gets the monotonic prediction instead,
 * so the trace stays continuous. Two rows in the same millisecond get consecutive milliseconds.
 */
final class TraceTimestamps {

    /**
     * Largest disagreement between the wall and monotonic clocks still taken as the same time base,
     * ms. Both stamps of a sample are taken together, so a healthy disagreement is read skew plus
     * NTP slewing (at most 500 ppm, under 1 ms between two samples at 10 SPS); 50 ms is far above
     * that and far below the second-to-hours steps of a first NTP sync.
     */
    static final long STEP_TOLERANCE_MS = 50;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private boolean anchored;
    private long anchorMs;
    private long anchorNanos;
    private long lastMs = -1;

    /** @return the timestamp the sample would get, without taking it */
    long peek(RawSample sample) {
        if (!anchored) {
            return sample.wallMillis();
        }
        long predicted = anchorMs + Math.floorDiv(sample.monotonicNanos() - anchorNanos, NANOS_PER_MILLI);
        long chosen = Math.abs(sample.wallMillis() - predicted) <= STEP_TOLERANCE_MS ? sample.wallMillis() : predicted;
        return Math.max(chosen, lastMs + 1);
    }

    /** Takes the timestamp {@link #peek} chose for the sample as the new reference. */
    void take(RawSample sample, long timestampMs) {
        anchored = true;
        anchorMs = timestampMs;
        anchorNanos = sample.monotonicNanos();
        lastMs = timestampMs;
    }
}
