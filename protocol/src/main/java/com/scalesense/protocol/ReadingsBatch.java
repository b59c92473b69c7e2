package com.scalesense.protocol;

import java.util.List;

/**
 * A batch of readings (and the events of the same window) published by one scale.
 *
 * <p>The batch is the unit of idempotency: {@code batchId} is
 * {@code {hardware_id}_{boot_id}_{window_start_ms}_{window_end_ms}} (see {@link BatchId}); a
 * resent batch carries the same id and the same content. Readings are in strictly increasing
 * timestamp order and lie inside the window. {@code kegId} is null when no keg is assigned to the tap.
 *
 * @param schemaVersion   {@link #SCHEMA_VERSION} for this contract
 * @param hardwareId      MAC address {@code AA:BB:CC:DD:EE:FF} (seed 001)
 * @param deviceId        {@code SCALE-0042}
 * @param bootId          UUID v4, new on every boot
 * @param firmwareVersion agent version, e.g. {@code 1.0.16}
 * @param locId           {@code loc-001}
 * @param tapId           {@code loc-001#TAP#07}
 * @param kegId           {@code keg-YYYYMMDD-xxxx}, or null
 * @param readings        1 to 100 readings
 * @param events          events in the window (pours, keg swaps, tares, sensor errors); may be empty
 */
public record ReadingsBatch(
        int schemaVersion,
        String hardwareId,
        String deviceId,
        String bootId,
        String firmwareVersion,
        String batchId,
        String locId,
        String tapId,
        String kegId,
        List<Reading> readings,
        List<DeviceEvent> events) {

    /** The version of this contract; a receiver rejects a major version it does not know. */
    public static final int SCHEMA_VERSION = 1;

    public ReadingsBatch {
        readings = readings == null ? List.of() : List.copyOf(readings);
        events = events == null ? List.of() : List.copyOf(events);
    }
}
