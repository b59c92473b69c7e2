package com.scalesense.sink.store;

/**
 * Keys of the items a batch needs before it is written.
 *
 * @param hardwareId devices row to read, or null when not needed
 * @param tapId      tap whose alert items to read, or null
 * @param tareKegId  keg whose META gives the beer_id for a full tare, or null when the batch has no tare
 */
public record ContextQuery(String locId, String tapId, String deviceId, String hardwareId, String tareKegId) {
}
