package com.scalesense.sink.store;

import com.scalesense.protocol.Reading;

/**
 * The newest synced reading of a batch for its device.
 *
 * @param lowBatteryLocId the loc_id when battery_pct is below the location's threshold (puts the
 *                        item into the sparse location-battery-index), else null (removes it)
 */
public record TelemetryUpdate(String deviceId, Reading reading, String lowBatteryLocId) {
}
