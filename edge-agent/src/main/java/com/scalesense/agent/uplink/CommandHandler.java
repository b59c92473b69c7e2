package com.scalesense.agent.uplink;

import com.scalesense.protocol.DeviceCommand;

/**
 * Applies a command from the cloud (tare_empty, tare_full, reload_config, assign_keg). Receives
 * only decoded, validated commands, each command_id at most once per boot unless a previous
 * call threw. Runs on the MQTT client's thread: hand long work to another thread.
 */
@FunctionalInterface
public interface CommandHandler {

    /** @throws RuntimeException if the command could not be applied; it may then be applied on a redelivery */
    void handle(DeviceCommand command);
}
