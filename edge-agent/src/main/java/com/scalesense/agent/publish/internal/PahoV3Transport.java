package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PublishException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
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
 * MQTT 3.1.1 through Eclipse Paho's {@code mqttv3} client, a fresh client object per connection
 * (see {@link ReconnectingSession} for why Paho's own resend buffer is not used). The broker session
 * is persistent (clean session = false), so the broker keeps our command subscription, queues
 * commands while we are away and resends its unacknowledged QoS 1 messages (MQTT 3.1.1 §4.4).
 */
public final class PahoV3Transport extends FreshClientTransport<MqttAsyncClient> {

    /** Granted QoS in a SUBACK that means "refused" (MQTT 3.1.1 §3.9.3). */
    private static final int SUBACK_FAILURE = 0x80;

    /** The sockets of the latest connection attempt, whose read timeout {@link PahoSockets} lengthens. */
    private volatile PahoSockets link;

    public PahoV3Transport(MqttSettings settings, MqttTransport.Events events) {
        super(settings, events);
    }

    @Override
    MqttAsyncClient open() throws MqttException {
        MqttAsyncClient fresh = new MqttAsyncClient(settings.brokerUri().toString(), settings.clientId(),
                new MemoryPersistence());
        fresh.setCallback(new Callback(fresh));
        return fresh;
    }

    @Override
    void connect(MqttAsyncClient client, CompletableFuture<Void> done) throws MqttException {
        client.connect(options(), null, listener("(connect)", done, token -> null));
    }

    @Override
    void shutDown(MqttAsyncClient client) {
        AsyncCalls.shutDown(client::isConnected,
                () -> client.disconnect(STOP_LIMIT.toMillis()).waitForCompletion(STOP_LIMIT.toMillis()),
                () -> client.disconnectForcibly(1, 1, false), client::close);
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        return AsyncCalls.call(topic, acked -> client().publish(topic, payload, 1, false, null,
                listener(topic, acked, token -> null)));
    }

    @Override
    public CompletableFuture<Void> subscribe(String topicFilter) {
        return AsyncCalls.call(topicFilter, granted -> client().subscribe(topicFilter, 1, null,
                listener(topicFilter, granted, token -> {
                    int[] qos = token.getGrantedQos();
                    return qos != null && qos.length > 0 && qos[0] == SUBACK_FAILURE
                            ? new PublishException.Rejected(topicFilter, SUBACK_FAILURE) : null;
                })));
    }

    private MqttConnectOptions options() {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        o.setCleanSession(false);
        o.setAutomaticReconnect(false);
        o.setKeepAliveInterval((int) settings.keepAlive().toSeconds());
        o.setConnectionTimeout((int) settings.connectTimeout().toSeconds());
        o.setMaxInflight(settings.maxInflight());
        link = PahoSockets.of(settings);
        o.setSocketFactory(link.factory());
        return o;
    }

    /** The sockets of the latest connection attempt, null before the first (for tests). */
    PahoSockets latestLink() {
        return link;
    }

    /** Forwards events of one client object only; a replaced client's late events are dropped. */
    private final class Callback implements MqttCallback {
        private final MqttAsyncClient owner;

        Callback(MqttAsyncClient owner) {
            this.owner = owner;
        }

        @Override
        public void connectionLost(Throwable cause) {
            if (isCurrent(owner)) {
                events.connectionLost(cause);
            }
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            if (isCurrent(owner)) {
                events.messageArrived(topic, message.getPayload());
            }
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            // the per-publish listener completes the future
        }
    }

    /** Completes {@code future} from a Paho action; {@code check} turns a "success" into a refusal. */
    private static IMqttActionListener listener(String topic, CompletableFuture<Void> future,
            Function<IMqttToken, PublishException> check) {
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
