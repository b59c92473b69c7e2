package com.scalesense.sink.store;

import java.time.Instant;

/**
 * A batch seen from a device, for seed 001's devices row.
 *
 * @param newestReadingMs epoch ms of the batch's newest reading: the newer-only guard
 * @param seenAt          when the sink received the batch (becomes last_seen_at)
 */
public record DeviceTouch(String hardwareId, String deviceId, String locId, String tapId, String bootId,
                          String firmwareVersion, long newestReadingMs, Instant seenAt) {
}
