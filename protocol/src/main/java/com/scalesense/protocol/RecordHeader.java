package com.scalesense.protocol;

/**
 * The header one reading or event will be sent under: a {@link ReadingsBatch}'s header without
 * batch_id (the batcher forms it later from the batch's times), at this contract's schema version.
 * What {@link MessageValidator#check(RecordHeader, Reading)} judges a single record with.
 *
 * @param kegId the keg on the tap, or null
 */
public record RecordHeader(String hardwareId, String deviceId, String bootId, String firmwareVersion, String locId,
                           String tapId, String kegId) {
}
