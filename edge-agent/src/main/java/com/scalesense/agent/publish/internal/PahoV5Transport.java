package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PublishException;
import java.util.concurrent.CompletableFuture;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;

/**
 * MQTT 5 through Eclipse Paho's {@code mqttv5} client, a fresh client object per connection:
 * Paho 1.2.5 resends a stored PUBLISH with the topic alias of the old connection, which the
 * broker then refuses with 0x94 "Topic Alias invalid" and disconnects, forever (seen against
 * HiveMQ CE 2025.5 in UplinkIT). Clean start = false with a session expiry keeps the broker-side
 * session (MQTT 5.0 §3.1.2.11.2). A PUBACK or SUBACK reason code of 0x80 or more is a refusal
 * (MQTT 5.0 §2.4) and fails the future.
 */
public final class PahoV5Transport extends FreshClientTransport<MqttAsyncClient> {

    /** MQTT 5.0 §2.4: reason codes from 0x80 up are failures. */
    private static final int FIRST_FAILURE_CODE = 0x80;

    /** The sockets of the latest connection attempt, whose read timeout {@link PahoSockets} lengthens. */
    private volatile PahoSockets link;

    public PahoV5Transport(MqttSettings settings, MqttTransport.Events events) {
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
        client.connect(options(), null, listener("(connect)", done));
    }

    @Override
    void shutDown(MqttAsyncClient client) {
        AsyncCalls.shutDown(client::isConnected,
                () -> client.disconnect(STOP_LIMIT.toMillis()).waitForCompletion(STOP_LIMIT.toMillis()),
                () -> client.disconnectForcibly(1, 1, false), client::close);
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        return AsyncCalls.call(topic, acked -> client().publish(topic, payload, 1, false, null, listener(topic, acked)));
    }

    @Override
    public CompletableFuture<Void> subscribe(String topicFilter) {
        return AsyncCalls.call(topicFilter, granted -> client().subscribe(topicFilter, 1, null,
                listener(topicFilter, granted)));
    }

    private MqttConnectionOptions options() {
        MqttConnectionOptions o = new MqttConnectionOptions();
        o.setCleanStart(false);
        o.setSessionExpiryInterval(settings.sessionExpiry().toSeconds());
        o.setAutomaticReconnect(false);
        o.setKeepAliveInterval((int) settings.keepAlive().toSeconds());
        o.setConnectionTimeout((int) settings.connectTimeout().toSeconds());
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
        public void disconnected(MqttDisconnectResponse response) {
            if (isCurrent(owner)) {
                events.connectionLost(response.getException() != null ? response.getException()
                        : new IllegalStateException("broker disconnected, reason code " + response.getReturnCode()));
            }
        }

        @Override
        public void mqttErrorOccurred(MqttException exception) {
            // followed by disconnected(); nothing to do twice
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            if (isCurrent(owner)) {
                events.messageArrived(topic, message.getPayload());
            }
        }

        @Override
        public void deliveryComplete(IMqttToken token) {
            // the per-publish listener completes the future
        }

        @Override
        public void connectComplete(boolean reconnect, String serverUri) {
            // the connect listener completes the future
        }

        @Override
        public void authPacketArrived(int reasonCode, MqttProperties properties) {
            // no enhanced authentication in use
        }
    }

    private static MqttActionListener listener(String topic, CompletableFuture<Void> future) {
        return new MqttActionListener() {
            @Override
            public void onSuccess(IMqttToken token) {
                int[] codes = token.getReasonCodes();
                if (codes != null) {
                    for (int code : codes) {
                        if (code >= FIRST_FAILURE_CODE) {
                            future.completeExceptionally(new PublishException.Rejected(topic, code));
                            return;
                        }
                    }
                }
                future.complete(null);
            }

            @Override
            public void onFailure(IMqttToken token, Throwable error) {
                future.completeExceptionally(new PublishException.Transport(topic, error));
            }
        };
    }
}
