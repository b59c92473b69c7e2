package com.scalesense.agent.publish;

import java.net.URI;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * How the agent talks to its broker. Validated here, once; a bad value names its config key.
 *
 * @param brokerUri      {@code tcp://host:1883} or {@code ssl://host:8883} (mqtt.broker_uri)
 * @param clientId       the device_id, e.g. {@code SCALE-0042}; AWS IoT policies bind it to the thing name
 * @param protocol       MQTT 3.1.1 or 5 (mqtt.protocol, default 3.1.1)
 * @param keepAlive      PINGREQ interval, whole seconds 1..65535 (MQTT 3.1.1 §3.1.2.10; AWS IoT Core
 *                       accepts 30..1200 s), default 60 s
 * @param sessionExpiry  MQTT 5 session expiry, whole seconds; the broker keeps our subscription and
 *                       QoS 1 state this long while we are away (default 7 days). MQTT 3.1.1 uses a
 *                       persistent session (clean session = false) instead.
 * @param connectTimeout how long one CONNECT may take, whole seconds &ge; 1, default 30 s
 * @param maxInflight    QoS 1 publishes the client library lets out un-acknowledged, 1..100; must be
 *                       &ge; the uplink's in-flight cap (Paho's default of 10 would reject the rest)
 * @param tls            required for {@code ssl://}, forbidden for {@code tcp://}
 * @param reconnect      backoff between connection attempts
 */
public record MqttSettings(URI brokerUri, String clientId, MqttProtocol protocol, Duration keepAlive,
        Duration sessionExpiry, Duration connectTimeout, int maxInflight, TlsSettings tls, Backoff reconnect) {

    /** MQTT 3.1.1 §3.1.3.1 allows 1..23 UTF-8 bytes for sure; our device_ids are well inside. */
    private static final Pattern CLIENT_ID = Pattern.compile("^[A-Za-z0-9_-]{1,23}$");
    /** AWS IoT Core allows 100 publish requests per second per connection (AWS General Reference,
     *  "AWS IoT Core endpoints and quotas", message broker limits); a larger window buys nothing. */
    public static final int MAX_INFLIGHT_LIMIT = 100;

    public MqttSettings {
        Settings.require("mqtt.broker_uri", brokerUri, brokerUri != null
                && ("tcp".equals(brokerUri.getScheme()) || "ssl".equals(brokerUri.getScheme()))
                && brokerUri.getHost() != null && brokerUri.getPort() > 0, "must be tcp://host:port or ssl://host:port");
        Settings.require("mqtt.client_id", clientId, clientId != null && CLIENT_ID.matcher(clientId).matches(),
                "must be 1..23 characters of [A-Za-z0-9_-] (the device_id)");
        Settings.require("mqtt.protocol", protocol, protocol != null, "must be MQTT_3_1_1 or MQTT_5");
        Settings.require("mqtt.keepalive", keepAlive, keepAlive != null && keepAlive.toSeconds() >= 1
                && keepAlive.toSeconds() <= 65_535, "must be 1..65535 seconds");
        Settings.require("mqtt.session_expiry", sessionExpiry, sessionExpiry != null && !sessionExpiry.isNegative()
                && sessionExpiry.toSeconds() <= 0xFFFF_FFFFL, "must be 0..4294967295 seconds");
        Settings.require("mqtt.connect_timeout", connectTimeout, connectTimeout != null
                && connectTimeout.toSeconds() >= 1, "must be at least 1 second");
        Settings.require("mqtt.max_inflight", maxInflight, maxInflight >= 1 && maxInflight <= MAX_INFLIGHT_LIMIT,
                "must be 1.." + MAX_INFLIGHT_LIMIT);
        boolean ssl = brokerUri.getScheme().equals("ssl");
        Settings.require("mqtt.tls", tls, ssl == (tls != null),
                ssl ? "must be set for an ssl:// broker" : "must not be set for a tcp:// broker");
        Settings.require("mqtt.reconnect", reconnect, reconnect != null, "must be set");
    }

    /** The defaults above for a {@code tcp://} broker: MQTT 3.1.1, no TLS. */
    public static MqttSettings of(URI brokerUri, String clientId) {
        return of(brokerUri, clientId, null);
    }

    /** The defaults above: MQTT 3.1.1, keepalive 60 s, session expiry 7 days, 20 in flight, 1 s → 60 s backoff. */
    public static MqttSettings of(URI brokerUri, String clientId, TlsSettings tls) {
        return new MqttSettings(brokerUri, clientId, MqttProtocol.MQTT_3_1_1, Duration.ofSeconds(60),
                Duration.ofDays(7), Duration.ofSeconds(30), 20, tls, Backoff.DEFAULT);
    }

    public MqttSettings withProtocol(MqttProtocol value) {
        return new MqttSettings(brokerUri, clientId, value, keepAlive, sessionExpiry, connectTimeout, maxInflight,
                tls, reconnect);
    }

    /** Switches to {@code brokerUri} with its TLS settings (null for tcp://). */
    public MqttSettings withBroker(URI value, TlsSettings tlsValue) {
        return new MqttSettings(value, clientId, protocol, keepAlive, sessionExpiry, connectTimeout, maxInflight,
                tlsValue, reconnect);
    }

    public MqttSettings withReconnect(Backoff value) {
        return new MqttSettings(brokerUri, clientId, protocol, keepAlive, sessionExpiry, connectTimeout, maxInflight,
                tls, value);
    }
}
