package com.scalesense.demo.forked;

import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * A second subscriber on every scale's batches topic, next to the IoT Rule: the batch_ids that
 * reached the broker. Connected before any scale starts, so it sees every publish; the test then
 * waits until each of them is committed at the sink.
 */
public final class BatchObserver implements AutoCloseable {

    private final MqttClient client;
    private final Set<String> batchIds = new LinkedHashSet<>();
    private final AtomicLong publishes = new AtomicLong();
    private final Map<String, AtomicLong> publishesByDevice = new ConcurrentHashMap<>();

    private BatchObserver(MqttClient client) {
        this.client = client;
    }

    public static BatchObserver start(URI broker) throws MqttException {
        MqttClient client = new MqttClient(broker.toString(), "forked-e2e-observer", new MemoryPersistence());
        BatchObserver observer = new BatchObserver(client);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setConnectionTimeout(10);
        client.connect(options);
        WireCodec codec = new WireCodec();
        client.subscribe(Topics.ALL_BATCHES, 1, (topic, message) -> {
            String id = codec.decodeBatch(message.getPayload()).batchId();
            synchronized (observer) {
                observer.batchIds.add(id);
            }
            observer.publishes.incrementAndGet();
            observer.publishesByDevice.computeIfAbsent(Topics.deviceIdOf(topic), d -> new AtomicLong()).incrementAndGet();
        });
        return observer;
    }

    /** Distinct batch_ids seen so far. */
    public synchronized Set<String> batchIds() {
        return new LinkedHashSet<>(batchIds);
    }

    /** Batch messages seen, redeliveries of a batch after a kill included. */
    public long publishes() {
        return publishes.get();
    }

    /** Batch messages of one device seen so far. */
    public long publishes(String deviceId) {
        AtomicLong n = publishesByDevice.get(deviceId);
        return n == null ? 0 : n.get();
    }

    @Override
    public void close() throws MqttException {
        try {
            if (client.isConnected()) {
                client.disconnect(5_000);
            }
        } finally {
            client.close();
        }
    }
}
