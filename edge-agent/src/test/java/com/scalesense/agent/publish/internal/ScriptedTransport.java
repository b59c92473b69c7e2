package com.scalesense.agent.publish.internal;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** A transport whose broker is the test: each call returns a future the test completes. */
final class ScriptedTransport implements MqttTransport {

    final MqttTransport.Events events;
    final List<CompletableFuture<Void>> connects = new CopyOnWriteArrayList<>();
    final List<CompletableFuture<Void>> publishes = new CopyOnWriteArrayList<>();
    final List<String> subscriptions = new CopyOnWriteArrayList<>();
    volatile boolean closed;

    ScriptedTransport(MqttTransport.Events events) {
        this.events = events;
    }

    @Override
    public CompletableFuture<Void> connect() {
        CompletableFuture<Void> attempt = new CompletableFuture<>();
        connects.add(attempt);
        return attempt;
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        CompletableFuture<Void> ack = new CompletableFuture<>();
        publishes.add(ack);
        return ack;
    }

    @Override
    public CompletableFuture<Void> subscribe(String topicFilter) {
        subscriptions.add(topicFilter);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
        closed = true;
    }

    CompletableFuture<Void> lastConnect() {
        return connects.get(connects.size() - 1);
    }
}
