package com.scalesense.demo.scale;

import com.scalesense.agent.publish.ConnectionProblem;
import com.scalesense.agent.publish.Publisher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Passes everything to the real publisher and keeps a copy of each message the broker
 * acknowledged, so the duplicate-delivery fault can send exactly those bytes again.
 */
final class RecordingPublisher implements Publisher {

    private final Publisher real;
    private final List<Delivered> delivered;

    RecordingPublisher(Publisher real, List<Delivered> delivered) {
        this.real = real;
        this.delivered = delivered;
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        return real.publish(topic, payload).thenRun(() -> {
            synchronized (delivered) {
                delivered.add(new Delivered(topic, payload.clone()));
            }
        });
    }

    @Override
    public void subscribe(String topicFilter, Consumer<byte[]> handler) {
        real.subscribe(topicFilter, handler);
    }

    @Override
    public boolean isConnected() {
        return real.isConnected();
    }

    @Override
    public ConnectionProblem problem() {
        return real.problem();
    }

    @Override
    public void close() {
        real.close();
    }
}
