package com.scalesense.protocol;

/** What the scale's keg model saw when a reading was taken; on the wire in snake_case. */
public enum KegState {
    /** Weight steady: the level is trustworthy. */
    STABLE,
    /** A pour is under way: the weight is falling. */
    POURING,
    /** A pour ended and the weight is settling (foam, vibration). */
    SETTLING,
    /** The platform is empty or holds less than an empty keg. */
    KEG_ABSENT,
    /** A different keg has been placed; a new keg has started. */
    KEG_REPLACED,
    /** The load cell is in error: no level can be given. */
    INVALID,
    /**
     * Something other than beer moved the weight (a knock, a lean, a crate set on the keg, a keg
     * lifted for a moment): the reading carries the keg's own level, the load left out and the pours
     * drawn under it followed, or none while the scale cannot stand behind one within 0.5 % of the
     * keg (docs/protocol.md, {@code level_pct}); no keg swap is counted while it lasts, pours under
     * the load are.
     */
    DISTURBED
}
