package com.scalesense.agent.publish;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * The cloud side of a test: a Paho client with a persistent session (so the broker queues what
 * arrives while it is away, as the AWS IoT Rule would see it) collecting every payload as text.
 */
public final class TestSubscriber implements AutoCloseable {

    private final MqttClient client;
    private final List<String> received = new CopyOnWriteArrayList<>();

    public TestSubscriber(URI broker, String clientId, String filter) {
        try {
            client = new MqttClient(broker.toString(), clientId, new MemoryPersistence());
            client.setCallback(new MqttCallbackExtended() {
                @Override
                public void connectComplete(boolean reconnect, String serverUri) {
                    // The broker kept the subscription in the persistent session. Subscribing here
                    // would block Paho's callback thread while a backlog is queued behind it: a deadlock.
                }

                @Override
                public void connectionLost(Throwable cause) {
                    // Paho's automatic reconnect brings it back
                }

                @Override
                public void messageArrived(String topic, MqttMessage message) {
                    received.add(new String(message.getPayload(), StandardCharsets.UTF_8));
                }

                @Override
                public void deliveryComplete(IMqttDeliveryToken token) {
                    // a subscriber does not publish
                }
            });
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(false);
            options.setAutomaticReconnect(true);
            options.setMaxReconnectDelay(1000);
            client.connect(options);
            client.subscribe(filter, 1);
        } catch (MqttException e) {
            throw new IllegalStateException("test subscriber cannot connect to " + broker, e);
        }
    }

    /** Everything received so far, in arrival order, duplicates included. */
    public List<String> received() {
        return List.copyOf(received);
    }

    /** Publishes as the cloud would (QoS 1), e.g. a command to a scale. */
    public void send(String topic, String payload) {
        try {
            client.publish(topic, payload.getBytes(StandardCharsets.UTF_8), 1, false);
        } catch (MqttException e) {
            throw new IllegalStateException("test subscriber cannot publish to " + topic, e);
        }
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    @Override
    public void close() throws MqttException {
        if (client.isConnected()) {
            client.disconnect();
        }
        client.close();
    }
}
