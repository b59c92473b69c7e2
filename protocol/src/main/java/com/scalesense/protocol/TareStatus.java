package com.scalesense.protocol;

/**
 * Where the keg's empty and full weights come from (seed 000 tare_status), and so whether the level a
 * reading carries is measured or an estimate. On the wire in snake_case.
 */
public enum TareStatus {
    /**
     * Nothing of this keg was measured: the level counts from an estimated shell (its type's reference, narrowed by
     * the weight it was set down with), so it is an estimate (shells of one type differ by about ± 0.3 kg, more
     * between makers: 1.5 % or more of a sixth barrel's beer).
     */
    PENDING,
    /**
     * The full weight was measured (a keg assigned as new and full, its set-down weight; or {@code tare full}) but
     * not the empty: the level
     * counts down from that weight (the shell is that weight less a full keg's beer), not from a reference shell
     * (issue 12).
     */
    FULL_SET,
    /** The empty weight was measured; the full weight is still the reference. */
    EMPTY_SET,
    /** Both empty offset and full reference were measured on this scale. */
    COMPLETE;

    /** True when the level rests on a weight measured of this keg, false when it is an estimate (PENDING). */
    public boolean measured() {
        return this != PENDING;
    }
}
