package com.scalesense.agent.pipeline;

import com.scalesense.protocol.Reading;

/**
 * Which reading the cloud's low-keg alert waits for (issue 18). The cloud fires low_keg at the
 * first reading at least {@code grace_period_secs} after the first reading under
 * {@code low_keg_pct}, the level never back at or above it in between (cloud-sink
 * {@code AlertEvaluator}). With periodic readings batched for up to 2 h that reading reached the
 * cloud up to about 95 minutes late. This watch follows the same rule over the readings the
 * pipeline sends, in order: the first one a grace period after the crossing (the proof) goes out at
 * once, with every reading before it (the crossing among them), and {@link #proofDueAtMs()} tells
 * the pipeline when to take it, so it exists at the crossing plus the grace period, not up to a
 * reading interval later. The crossing itself is not sealed at once: it would not make the alert
 * sooner, and a small batch more per keg costs the sink about 6 write units (BusyDayBenchmark; the
 * low level is on TAP#STATE at once anyway, from the pour's state message). A reading without a
 * level (no keg, sensor error) changes nothing, as in the cloud. Time is the readings' own
 * timestamps (wall ms), as the cloud judges them. After a start the level before is unknown: a
 * first low reading counts as a crossing.
 */
final class LowLevelWatch {

    private static final long NONE = Long.MIN_VALUE;

    private LowKegRule rule;
    /** Timestamp of the first reading of the current low run, or NONE while the level is not low. */
    private long crossedAtMs = NONE;
    private boolean proved;
    /** A reading was taken at or after the proof's due time (it may have had no level): stop asking for one. */
    private boolean proofTaken;

    LowLevelWatch(LowKegRule rule) {
        this.rule = rule;
    }

    /** Follows {@code next} from the next reading on; a low run under way starts again under it. */
    void rule(LowKegRule next) {
        rule = next;
        notLow();
    }

    private void notLow() {
        crossedAtMs = NONE;
        proved = false;
        proofTaken = false;
    }

    LowKegRule rule() {
        return rule;
    }

    /** Takes one reading about to be sent, in order; true when it must reach the cloud at once (the proof). */
    boolean atOnce(Reading reading) {
        Double level = reading.levelPct();
        if (reading.timestampMs() >= proofDueAtMs()) {
            proofTaken = true;
        }
        if (level == null) {
            return false;
        }
        if (level >= rule.lowKegPct()) {
            notLow();
            return false;
        }
        if (crossedAtMs == NONE) {
            crossedAtMs = reading.timestampMs();
            proved = rule.gracePeriodSecs() == 0; // no grace period: the crossing is the proof
            return proved;
        }
        if (!proved && reading.timestampMs() - crossedAtMs >= rule.gracePeriodSecs() * 1000) {
            proved = true;
            return true;
        }
        return false;
    }

    /** Wall ms from which the reading that proves the level low for the grace period is due; MAX_VALUE when none is. */
    long proofDueAtMs() {
        return crossedAtMs == NONE || proved || proofTaken ? Long.MAX_VALUE : crossedAtMs + rule.gracePeriodSecs() * 1000;
    }
}
