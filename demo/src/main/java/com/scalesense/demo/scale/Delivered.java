package com.scalesense.demo.scale;

/**
 * A message the broker acknowledged (PUBACK), as the agent published it.
 *
 * @param topic   MQTT topic, e.g. {@code scalesense/v1/SCALE-0001/batches}
 * @param payload the exact bytes; callers must not modify them
 */
public record Delivered(String topic, byte[] payload) {
}
