package com.scalesense.protocol;

/**
 * Seed 001's range of an epoch-ms timestamp: from 2000-01-01T00:00:00Z inclusive to
 * 2100-01-01T00:00:00Z exclusive. The one copy: the validator, the scale's recorder and batcher,
 * its configuration and its simulated clock all read it here.
 */
public final class Timestamps {

    /** 2000-01-01T00:00:00Z, epoch ms: the earliest valid timestamp (seed 001). */
    public static final long MIN_MS = 946_684_800_000L;
    /** 2100-01-01T00:00:00Z, epoch ms: the first instant past the range (seed 001, exclusive). */
    public static final long END_MS = 4_102_444_800_000L;
    /** The latest valid timestamp, epoch ms: 2099-12-31T23:59:59.999Z. */
    public static final long MAX_MS = END_MS - 1;

    /** The {@link Violation#rule()} of an epoch-ms field outside the range. */
    public static final String RULE = "must be epoch milliseconds in [2000-01-01, 2100-01-01) UTC (seed 001)";

    private Timestamps() {
    }

    /** Whether {@code ms} is a valid timestamp. */
    public static boolean isValid(long ms) {
        return ms >= MIN_MS && ms < END_MS;
    }
}
