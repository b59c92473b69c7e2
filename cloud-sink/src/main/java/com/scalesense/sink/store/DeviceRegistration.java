package com.scalesense.sink.store;

/**
 * What an administrator registered for a scale ({@code DEVICE#<device_id>/META}, written by
 * {@code admin.DeviceRegistry} and {@code SeedLoader}): the one source of what a scale may write.
 *
 * @param tapId full tap id, {@code <loc_id>#TAP#<nn>}
 */
public record DeviceRegistration(String deviceId, String hardwareId, String locId, String tapId) {
}
