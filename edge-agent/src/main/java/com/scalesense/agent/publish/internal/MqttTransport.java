package com.scalesense.agent.publish.internal;

import java.util.concurrent.CompletableFuture;

/**
 * One MQTT client library seen by {@link ReconnectingSession}: a single connection attempt, QoS 1
 * publish and subscribe, and events. It never reconnects on its own; the session decides when.
 * Futures fail with a {@link com.scalesense.agent.publish.PublishException} subclass.
 */
public interface MqttTransport {

    /** One CONNECT; completes when the broker accepted it (CONNACK 0). */
    CompletableFuture<Void> connect();

    /** QoS 1, not retained; completes on PUBACK. */
    CompletableFuture<Void> publish(String topic, byte[] payload);

    /** QoS 1; completes on a SUBACK that granted it. */
    CompletableFuture<Void> subscribe(String topicFilter);

    /** Disconnects if connected and releases the client; idempotent. */
    void close();

    /** What the transport reports; called on the library's threads. */
    interface Events {

        void connectionLost(Throwable cause);

        void messageArrived(String topic, byte[] payload);
    }
}
