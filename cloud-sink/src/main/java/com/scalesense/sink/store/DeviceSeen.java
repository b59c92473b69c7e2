package com.scalesense.sink.store;

/** A devices row as the offline check needs it; {@code lastSeenAt} is RFC 3339. */
public record DeviceSeen(String hardwareId, String deviceId, String locId, String lastSeenAt) {
}
