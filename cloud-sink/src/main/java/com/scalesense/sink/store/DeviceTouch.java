package com.scalesense.sink.store;

import java.time.Instant;

/**
 * A batch seen from a device, for seed 001's devices row. Only last_seen_at (and its gsi1 copy)
 * moves; the identity fields fill a row no registration has written yet. Registrations own them.
 *
 * @param seenAt when the sink received the batch (becomes last_seen_at; never moves backwards)
 */
public record DeviceTouch(String hardwareId, String deviceId, String locId, String tapId, String bootId,
                          String firmwareVersion, Instant seenAt) {
}
