package com.scalesense.hal.power;

/**
 * The {@code status} attribute of a Linux power supply (Documentation/ABI/testing/sysfs-class-power):
 * "Unknown", "Charging", "Discharging", "Not charging", "Full".
 */
public enum ChargeStatus {
    UNKNOWN("Unknown"),
    CHARGING("Charging"),
    DISCHARGING("Discharging"),
    NOT_CHARGING("Not charging"),
    FULL("Full");

    private final String sysfsText;

    ChargeStatus(String sysfsText) {
        this.sysfsText = sysfsText;
    }

    /** @return the status the kernel's text names, or null if it names none */
    static ChargeStatus fromSysfs(String text) {
        for (ChargeStatus status : values()) {
            if (status.sysfsText.equals(text)) {
                return status;
            }
        }
        return null;
    }
}
