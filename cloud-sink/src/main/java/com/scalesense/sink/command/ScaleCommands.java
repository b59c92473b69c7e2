package com.scalesense.sink.command;

import com.scalesense.protocol.DeviceCommand;

/**
 * The cloud's way to a scale: publishes a {@link DeviceCommand} on the device's commands topic
 * ({@code scalesense/v1/{device_id}/commands}, QoS 1). In AWS the adapter is
 * {@link com.scalesense.sink.command.iot.IotDataPlaneCommands}; the demo publishes on its
 * embedded broker.
 *
 * <p>Guarantee: a normal return means the broker took the message (QoS 1: it delivers it at
 * least once to a subscribed session, or queues it for a persistent one). It does not mean the
 * scale applied it: that shows in the scale's readings. Callers make commands idempotent by their
 * command_id, so sending one again is always safe.
 */
public interface ScaleCommands {

    /** @throws CommandNotSentException if the broker did not take the message; sending it again is safe */
    void send(String deviceId, DeviceCommand command);
}
