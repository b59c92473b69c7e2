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
 * MQTT 5 through Eclipse Paho's {@code mqttv5} client: clean start = false with a session expiry,
 * the MQTT 5 form of a persistent session (MQTT 5.0 §3.1.2.11.2). A PUBACK or SUBACK reason code
 * of 0x80 or more is a refusal (MQTT 5.0 §2.4) and fails the future. Persistence in memory, for
 * the reason given on {@link PahoV3Transport}.
 */
public final class PahoV5Transport implements MqttTransport {

    /** MQTT 5.0 §2.4: reason codes from 0x80 up are failures. */
    private static final int FIRST_FAILURE_CODE = 0x80;

    private final MqttSettings settings;
    private final MqttAsyncClient client;

    public PahoV5Transport(MqttSettings settings, MqttTransport.Events events) {
        this.settings = settings;
        try {
            this.client = new MqttAsyncClient(settings.brokerUri().toString(), settings.clientId(),
                    new MemoryPersistence());
        } catch (MqttException e) {
            throw new PublishException.Transport("(connect)", e);
        }
        client.setCallback(new MqttCallback() {
            @Override
            public void disconnected(MqttDisconnectResponse response) {
                events.connectionLost(response.getException() != null ? response.getException()
                        : new IllegalStateException("broker disconnected, reason code " + response.getReturnCode()));
            }

            @Override
            public void mqttErrorOccurred(MqttException exception) {
                // followed by disconnected(); nothing to do twice
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                events.messageArrived(topic, message.getPayload());
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
        });
    }

    @Override
    public CompletableFuture<Void> connect() {
        return PahoCalls.call("(connect)", done -> client.connect(options(), null, listener("(connect)", done)));
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        return PahoCalls.call(topic, acked -> client.publish(topic, payload, 1, false, null, listener(topic, acked)));
    }

    @Override
    public CompletableFuture<Void> subscribe(String topicFilter) {
        return PahoCalls.call(topicFilter, granted -> client.subscribe(topicFilter, 1, null, listener(topicFilter, granted)));
    }

    @Override
    public void close() {
        PahoCalls.shutDown(client.isConnected(),
                () -> client.disconnect().waitForCompletion(settings.connectTimeout().toMillis()), client::close);
    }

    private MqttConnectionOptions options() {
        MqttConnectionOptions o = new MqttConnectionOptions();
        o.setCleanStart(false);
        o.setSessionExpiryInterval(settings.sessionExpiry().toSeconds());
        o.setAutomaticReconnect(false);
        o.setKeepAliveInterval((int) settings.keepAlive().toSeconds());
        o.setConnectionTimeout((int) settings.connectTimeout().toSeconds());
        if (settings.tls() != null) {
            o.setSocketFactory(PemTls.socketFactory(settings.tls()));
        }
        return o;
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
