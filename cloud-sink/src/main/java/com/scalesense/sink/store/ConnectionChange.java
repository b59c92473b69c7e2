package com.scalesense.sink.store;

import java.util.Objects;

/**
 * A scale connecting to or disconnecting from the broker, as the broker reported it (AWS IoT
 * lifecycle events {@code $aws/events/presence/connected|disconnected/{clientId}}; the client id is
 * the device_id). Delivery may repeat and reorder them (AWS IoT Core Developer Guide, "Lifecycle
 * events"), so each carries its place in the device's sequence: {@link #order()}.
 *
 * @param atMs    when the broker saw it, epoch ms (the event's {@code timestamp})
 * @param version the event's {@code versionNumber}: the same for the connect and the disconnect of one
 *                connection, higher for a later connection of the same client id
 * @param reason  the broker's {@code disconnectReason} (e.g. {@code MQTT_KEEP_ALIVE_TIMEOUT}), null on a connect
 */
public record ConnectionChange(String deviceId, boolean connected, long atMs, long version, String reason) {

    public ConnectionChange {
        Objects.requireNonNull(deviceId, "device_id must not be null.");
        if (atMs < 0 || version < 0) {
            throw new IllegalArgumentException("timestamp and versionNumber must not be negative, were " + atMs
                    + " and " + version + ".");
        }
    }

    /**
     * Sortable text of the event's place: version first (a later connection wins over a late
     * disconnect of an earlier one, e.g. {@code DUPLICATE_CLIENTID} stamped after the new connect),
     * then time, then a disconnect after a connect of the same instant.
     */
    public String order() {
        return String.format(java.util.Locale.ROOT, "%019d#%013d#%d", version, atMs, connected ? 0 : 1);
    }
}
