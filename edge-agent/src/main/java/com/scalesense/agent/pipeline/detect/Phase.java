package com.scalesense.agent.pipeline.detect;

/** The keg detector's phase. */
public enum Phase {
    /** No settled weight seen yet (start, or just after a sensor gap with no keg known). */
    UNKNOWN,
    /** The weight is settled; its mean is the reference. */
    STABLE,
    /** The weight keeps falling. */
    POURING,
    /** Disturbed or no longer falling, waiting to settle. */
    SETTLING,
    /** Nothing (or less than an empty keg) on the platform. */
    ABSENT
}
