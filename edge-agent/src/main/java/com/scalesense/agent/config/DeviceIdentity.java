package com.scalesense.agent.config;

/**
 * Who this scale is (DESIGN "Identities", seed 001 validation rules).
 *
 * @param hardwareId MAC {@code AA:BB:CC:DD:EE:FF}
 * @param deviceId   {@code SCALE-0042}; also the MQTT client id and the topic's device segment
 * @param locId      {@code loc-001}
 * @param tapId      {@code loc-001#TAP#07}, of the same location
 */
public record DeviceIdentity(String hardwareId, String deviceId, String locId, String tapId) {
}
