package com.scalesense.agent.publish;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * An MQTT connection seen by the agent: publish at QoS 1 and learn when the broker has the
 * message. Implementations: Eclipse Paho (MQTT 3.1.1 and 5, any broker) and the AWS IoT Device
 * SDK v2 (mTLS, AWS IoT Core). Reconnection with backoff is the implementation's business.
 */
public interface Publisher extends AutoCloseable {

    /**
     * Publishes {@code payload} at QoS 1.
     *
     * @return completes normally when the broker acknowledged the message (PUBACK), exceptionally
     *         if it could not be sent; only then may the caller drop its durable copy
     */
    CompletableFuture<Void> publish(String topic, byte[] payload);

    /** Subscribes at QoS 1; {@code handler} runs for every message, also after reconnects. */
    void subscribe(String topicFilter, Consumer<byte[]> handler);

    /** True while a session with the broker is up. */
    boolean isConnected();

    /** Why there is no session now, in a technician's words and for how long; null while connected. */
    default ConnectionProblem problem() {
        return null;
    }

    /** Disconnects cleanly; idempotent. */
    @Override
    void close();
}
