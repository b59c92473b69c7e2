package com.scalesense.sink.alerts;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the table says before a batch is applied: the active alerts of one tap and its device,
 * the low-keg grace period under way, and the device's state (seed 004).
 *
 * @param active          active-alert items by {@code type#entity}
 * @param lowKegSinceMs   start of the low-keg grace period (item FIRING#), epoch ms, or null
 * @param deviceState     current device state, or null when none was ever recorded
 * @param deviceStateAtMs epoch ms of the reading that set it, or 0
 */
public record AlertState(Map<String, ActiveAlert> active, Long lowKegSinceMs, DeviceState deviceState,
                         long deviceStateAtMs) {

    public static final AlertState NONE = new AlertState(Map.of(), null, null, 0);

    public AlertState {
        active = Map.copyOf(active);
    }

    public static String key(AlertType type, String entity) {
        return type.wire() + "#" + entity;
    }

    public Optional<ActiveAlert> active(AlertType type, String entity) {
        return Optional.ofNullable(active.get(key(type, entity)));
    }

    public AlertState with(ActiveAlert alert) {
        Map<String, ActiveAlert> copy = new HashMap<>(active);
        copy.put(key(alert.type(), alert.entity()), alert);
        return new AlertState(copy, lowKegSinceMs, deviceState, deviceStateAtMs);
    }

    public AlertState withLowKegSince(Long sinceMs) {
        return new AlertState(active, sinceMs, deviceState, deviceStateAtMs);
    }

    public AlertState withDeviceState(DeviceState state, long atMs) {
        return new AlertState(active, lowKegSinceMs, state, atMs);
    }
}
