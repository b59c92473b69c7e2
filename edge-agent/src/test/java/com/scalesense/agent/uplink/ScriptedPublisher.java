package com.scalesense.agent.uplink;

import com.scalesense.agent.publish.PublishException;
import com.scalesense.agent.publish.Publisher;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A Publisher whose broker is the test: every publish is recorded with a future that completes
 * only when the test acknowledges or fails it (as PUBACK would); while "disconnected" it fails
 * publishes at once, like PahoPublisher.
 */
final class ScriptedPublisher implements Publisher {

    record Sent(String topic, byte[] payload, CompletableFuture<Void> ack) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private final Map<String, Consumer<byte[]>> handlers = new ConcurrentHashMap<>();
    private volatile boolean connected = true;

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        if (!connected) {
            return CompletableFuture.failedFuture(new PublishException.NotConnected(topic));
        }
        CompletableFuture<Void> ack = new CompletableFuture<>();
        sent.add(new Sent(topic, payload, ack));
        return ack;
    }

    @Override
    public void subscribe(String topicFilter, Consumer<byte[]> handler) {
        handlers.put(topicFilter, handler);
    }

    /** Delivers a message as the broker would to a subscription with exactly this filter. */
    void deliver(String topicFilter, byte[] payload) {
        handlers.get(topicFilter).accept(payload);
    }

    @Override
    public boolean isConnected() {
        return connected;
    }

    void connected(boolean value) {
        connected = value;
    }

    @Override
    public void close() {
        connected = false;
    }

    /** Everything published to {@code topic}, in order. */
    List<Sent> sentTo(String topic) {
        return sent.stream().filter(s -> s.topic().equals(topic)).toList();
    }

    /** PUBACKs every publish still waiting. */
    void acknowledgeAll() {
        sent.forEach(s -> s.ack().complete(null));
    }
}
