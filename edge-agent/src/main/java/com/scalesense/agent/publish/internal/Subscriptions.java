package com.scalesense.agent.publish.internal;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The subscriptions a session must hold, and dispatch of arriving messages to their handlers. Thread-safe. */
final class Subscriptions {

    private static final Logger LOG = LoggerFactory.getLogger(Subscriptions.class);

    private final Map<String, Consumer<byte[]>> handlers = new ConcurrentHashMap<>();

    void add(String topicFilter, Consumer<byte[]> handler) {
        handlers.put(topicFilter, handler);
    }

    /** Every filter, to subscribe again after a connect. */
    Set<String> filters() {
        return Set.copyOf(handlers.keySet());
    }

    /** Runs every handler whose filter matches {@code topic}; a handler's exception is logged, never thrown. */
    void dispatch(String topic, byte[] payload) {
        handlers.forEach((filter, handler) -> {
            if (TopicFilter.matches(filter, topic)) {
                try {
                    handler.accept(payload);
                } catch (RuntimeException e) {
                    // An exception escaping into Paho would drop the connection; the handler owns its errors.
                    LOG.error("handler for {} failed on a message from {}", filter, topic, e);
                }
            }
        });
    }
}
