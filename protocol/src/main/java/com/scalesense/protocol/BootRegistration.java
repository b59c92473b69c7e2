package com.scalesense.protocol;


/**
 * Sent once on every boot so the sink can upsert seed 001's {@code devices} row
 * (capabilities, firmware_version, last_boot_id).
 *
 * @param timestampMs epoch milliseconds of the boot as the scale knew it
 * @param clockSynced false if the wall clock was not yet synchronised at boot
 */
public record BootRegistration(
        int schemaVersion,
        String hardwareId,
        String deviceId,
        String bootId,
        String firmwareVersion,
        String locId,
        String tapId,
        Capabilities capabilities,
        long timestampMs,
        boolean clockSynced) {
}
