package com.scalesense.sink.store;

import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.alerts.AlertState;
import java.util.Map;

/**
 * What the tables said when a batch was read in.
 *
 * @param beerId         beer_id of the tared keg's META item, or null
 * @param deviceLastSeen last_seen_at (RFC 3339) of the hardware_id's seed 001 row, or null when there is no row
 * @param registeredTo   device_id the hardware_id's row names, or null when there is no row
 * @param registration   the device's {@code DEVICE#/META}, or null when no administrator registered it
 * @param kegs           each named keg's {@code KEG#/META} (by keg_id); a keg without META is absent
 * @param telemetry      the device's {@code TELEMETRY} as stored, or null when there is none (or it holds only a tare copy)
 * @param tap            the tap's keg and assignment ({@code TAP#nn} config), or null when no tap was read
 * @param tapStateAtMs   {@code updated_at_ms} of the tap's {@code TAP#STATE} (the reading it shows, epoch ms), or null
 * @param settingsAtMs   {@code updated_at} of the location's SETTINGS item, epoch ms, or null when it has none
 *                       (the version of the low-keg rule the scales are sent)
 */
public record IngestContext(LocationSettings settings, AlertState alerts, String beerId, String deviceLastSeen,
                            String registeredTo, DeviceRegistration registration, Map<String, KegFacts> kegs,
                            TelemetrySeen telemetry, TapAssignment tap, Long tapStateAtMs,
                            Long settingsAtMs) {

    public IngestContext {
        kegs = Map.copyOf(kegs);
    }

    /** loc_id of each named keg that has a {@code KEG#/META}, by keg_id. */
    public Map<String, String> kegLocations() {
        Map<String, String> out = new java.util.HashMap<>();
        kegs.forEach((id, k) -> {
            if (k.locId() != null) {
                out.put(id, k.locId());
            }
        });
        return out;
    }
}
