package com.scalesense.sink.alerts;

/** Kinds of alert; {@link #wire()} is the name used in keys and items (seed 000: {@code low_keg}). */
public enum AlertType {
    LOW_KEG,
    LOW_BATTERY,
    SENSOR_ERROR,
    OFFLINE;

    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
