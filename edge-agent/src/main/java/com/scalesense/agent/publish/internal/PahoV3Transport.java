package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PublishException;
import java.util.concurrent.CompletableFuture;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * MQTT 3.1.1 through Eclipse Paho's {@code mqttv3} client. Persistent session (clean session =
 * false) so the broker keeps our command subscription and Paho resends an unacknowledged QoS 1
 * PUBLISH with DUP after a reconnect (MQTT 3.1.1 §4.4). Paho's persistence is in memory on
 * purpose: the agent's outbox already survives power loss, and a second on-disk copy would only
 * add SD-card writes and a second truth to reconcile.
 */
public final class PahoV3Transport implements MqttTransport {

    /** Granted QoS in a SUBACK that means "refused" (MQTT 3.1.1 §3.9.3). */
    private static final int SUBACK_FAILURE = 0x80;

    private final MqttSettings settings;
    private final MqttAsyncClient client;

    public PahoV3Transport(MqttSettings settings, MqttTransport.Events events) {
        this.settings = settings;
        try {
            this.client = new MqttAsyncClient(settings.brokerUri().toString(), settings.clientId(),
                    new MemoryPersistence());
        } catch (MqttException e) {
            throw new PublishException.Transport("(connect)", e);
        }
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                events.connectionLost(cause);
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                events.messageArrived(topic, message.getPayload());
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
                // the per-publish listener completes the future
            }
        });
    }

    @Override
    public CompletableFuture<Void> connect() {
        return PahoCalls.call("(connect)", done -> client.connect(options(), null, listener("(connect)", done, token -> null)));
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        return PahoCalls.call(topic, acked -> client.publish(topic, payload, 1, false, null, listener(topic, acked, token -> null)));
    }

    @Override
    public CompletableFuture<Void> subscribe(String topicFilter) {
        return PahoCalls.call(topicFilter, granted -> client.subscribe(topicFilter, 1, null,
                listener(topicFilter, granted, token -> {
                    int[] qos = token.getGrantedQos();
                    return qos != null && qos.length > 0 && qos[0] == SUBACK_FAILURE
                            ? new PublishException.Rejected(topicFilter, SUBACK_FAILURE) : null;
                })));
    }

    @Override
    public void close() {
        PahoCalls.shutDown(client.isConnected(),
                () -> client.disconnect().waitForCompletion(settings.connectTimeout().toMillis()), client::close);
    }

    private MqttConnectOptions options() {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        o.setCleanSession(false);
        o.setAutomaticReconnect(false);
        o.setKeepAliveInterval((int) settings.keepAlive().toSeconds());
        o.setConnectionTimeout((int) settings.connectTimeout().toSeconds());
        o.setMaxInflight(settings.maxInflight());
        if (settings.tls() != null) {
            o.setSocketFactory(PemTls.socketFactory(settings.tls()));
        }
        return o;
    }

    /** Completes {@code future} from a Paho action; {@code check} turns a "success" into a refusal. */
    private static IMqttActionListener listener(String topic, CompletableFuture<Void> future,
            java.util.function.Function<IMqttToken, PublishException> check) {
        return new IMqttActionListener() {
            @Override
            public void onSuccess(IMqttToken token) {
                PublishException refused = check.apply(token);
                if (refused == null) {
                    future.complete(null);
                } else {
                    future.completeExceptionally(refused);
                }
            }

            @Override
            public void onFailure(IMqttToken token, Throwable error) {
                future.completeExceptionally(new PublishException.Transport(topic, error));
            }
        };
    }
}
