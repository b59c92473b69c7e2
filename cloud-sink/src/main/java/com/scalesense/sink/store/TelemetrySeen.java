package com.scalesense.sink.store;

import java.util.Map;

/**
 * What the device's stored {@code DEVICE#/TELEMETRY} said when a batch was read in: enough to
 * tell whether a newer reading carries anything the item lacks.
 *
 * @param updatedAtMs   reading instant the item was last written from, epoch ms
 * @param sensorStatus  sensor name to {@code "ok"}/{@code "error"}, as stored
 * @param lowBattery    true while the item is in the low-battery index ({@code battery_loc_id} set)
 */
public record TelemetrySeen(long updatedAtMs, Map<String, String> sensorStatus, boolean lowBattery) {

    public TelemetrySeen {
        sensorStatus = Map.copyOf(sensorStatus);
    }
}
