package com.scalesense.protocol;

import java.util.Map;

/**
 * A command from the cloud to one scale, on {@link Topics#commands(String)}.
 *
 * @param commandId  unique id, so a redelivered command is applied once
 * @param type       {@code tare_empty}, {@code tare_full}, {@code reload_config}, {@code assign_keg},
 *                   {@code set_low_keg}
 * @param args       string arguments of the command (e.g. keg_id, keg_type, beer_id)
 * @param issuedAtMs epoch milliseconds when the cloud issued it
 */
public record DeviceCommand(String commandId, String type, Map<String, String> args, long issuedAtMs) {

    public DeviceCommand {
        args = args == null ? Map.of() : Map.copyOf(args);
    }
}
