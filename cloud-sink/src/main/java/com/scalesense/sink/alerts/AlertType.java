package com.scalesense.sink.alerts;

/** Kinds of alert; {@link #wire()} is the name used in keys and items (seed 000: {@code low_keg}). */
public enum AlertType {
    LOW_KEG,
    LOW_BATTERY,
    SENSOR_ERROR,
    OFFLINE,
    /**
     * A keg stands on the tap's scale that no assignment names: the scale noticed a keg swap by
     * itself (seed 000 tare_status pending), or no keg was ever assigned. The bar assigns it.
     */
    KEG_UNASSIGNED;

    /** True for the alerts of a tap (entity {@code TAP#nn}); the others are a device's. */
    public boolean onTap() {
        return this == LOW_KEG || this == KEG_UNASSIGNED;
    }

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
