package com.scalesense.sink.handler;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.Ids;
import com.scalesense.protocol.SafeText;
import com.scalesense.protocol.Timestamps;
import com.scalesense.sink.store.ConnectionChange;
import java.util.regex.Pattern;

/**
 * Reads an AWS IoT lifecycle event as the presence rule delivers it ({@code SELECT *, topic() AS
 * topic FROM '$aws/events/presence/+/+'}): {@code clientId}, {@code eventType} ({@code connected}
 * or {@code disconnected}), {@code timestamp} (epoch ms), {@code versionNumber} and, on a
 * disconnect, {@code disconnectReason} (AWS IoT Core Developer Guide, "Lifecycle events"). Only
 * the broker publishes on {@code $aws/events}, never a device; still every field is checked and a
 * broken one names the field and the rule.
 */
final class PresenceEvents {

    /** Topic prefix of the broker's lifecycle events; the topic ends in {@code connected|disconnected/{clientId}}. */
    static final String PREFIX = "$aws/events/presence/";
    // disconnectReason is one of AWS's upper-case constants (CONNECTION_LOST, MQTT_KEEP_ALIVE_TIMEOUT, ...).
    private static final Pattern REASON = Pattern.compile("^[A-Z_]{1,64}$");
    private static final ObjectMapper JSON = new ObjectMapper();

    private PresenceEvents() {
    }

    static boolean isPresence(String topic) {
        return topic.startsWith(PREFIX);
    }

    /** The client id (our device_id) of a presence topic, for the rejection log; null if there is none. */
    static String deviceIdOf(String topic) {
        String[] parts = topic.substring(PREFIX.length()).split("/", -1);
        return parts.length == 2 && Ids.DEVICE_ID.matcher(parts[1]).matches() ? parts[1] : null;
    }

    /** @throws com.scalesense.sink.RejectedMessageException naming the field and the rule */
    static ConnectionChange parse(byte[] message, String topic) {
        String[] parts = topic.substring(PREFIX.length()).split("/", -1);
        if (parts.length != 2 || !(parts[0].equals("connected") || parts[0].equals("disconnected"))) {
            throw MessageRouter.rejected("topic", topic, "must be " + PREFIX + "{connected|disconnected}/{clientId}");
        }
        JsonNode event;
        try {
            event = JSON.readTree(message);
        } catch (JsonProcessingException e) {
            throw MessageRouter.rejected("payload", "not JSON", "must be a lifecycle event object");
        } catch (java.io.IOException e) {
            throw MessageRouter.rejected("payload", "unreadable", "must be a lifecycle event object");
        }
        String clientId = event.path("clientId").asText(null);
        if (clientId == null || !clientId.equals(parts[1]) || !Ids.DEVICE_ID.matcher(clientId).matches()) {
            throw MessageRouter.rejected("clientId", SafeText.quote(clientId), "must be a device_id (e.g. SCALE-0042)"
                    + " equal to the topic's last level");
        }
        if (!parts[0].equals(event.path("eventType").asText(null))) {
            throw MessageRouter.rejected("eventType", SafeText.quote(event.path("eventType").asText(null)),
                    "must be '" + parts[0] + "', as the topic says");
        }
        JsonNode ts = event.path("timestamp");
        if (!ts.canConvertToExactIntegral() || !ts.canConvertToLong() || !Timestamps.isValid(ts.asLong())) {
            throw MessageRouter.rejected("timestamp", ts.toString(), Timestamps.RULE);
        }
        JsonNode version = event.path("versionNumber");
        if (!version.isMissingNode() && (!version.canConvertToExactIntegral() || !version.canConvertToLong()
                || version.asLong() < 0)) {
            throw MessageRouter.rejected("versionNumber", version.toString(), "must be a whole number >= 0");
        }
        String reason = event.path("disconnectReason").asText(null);
        if (reason != null && !REASON.matcher(reason).matches()) {
            throw MessageRouter.rejected("disconnectReason", SafeText.quote(reason), "must match " + REASON.pattern());
        }
        boolean connected = parts[0].equals("connected");
        return new ConnectionChange(clientId, connected, ts.asLong(), version.isMissingNode() ? 0 : version.asLong(),
                connected ? null : reason);
    }
}
