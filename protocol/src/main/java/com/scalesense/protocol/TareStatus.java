package com.scalesense.protocol;

/** Where the keg's empty and full weights come from (seed 000 tare_status). */
public enum TareStatus {
    /** A new keg was assigned; level is computed from the keg type's reference weights. */
    PENDING,
    /** The empty weight was measured; the full weight is still the reference. */
    EMPTY_SET,
    /** Both empty offset and full reference were measured on this scale. */
    COMPLETE
}
