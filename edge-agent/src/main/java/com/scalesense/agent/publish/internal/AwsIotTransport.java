package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PublishException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.crt.CRT;
import software.amazon.awssdk.crt.mqtt.MqttClientConnection;
import software.amazon.awssdk.crt.mqtt.MqttClientConnectionEvents;
import software.amazon.awssdk.crt.mqtt.MqttMessage;
import software.amazon.awssdk.crt.mqtt.QualityOfService;
import software.amazon.awssdk.iot.AwsIotMqttConnectionBuilder;

/**
 * MQTT 3.1.1 over mutual TLS through the AWS IoT Device SDK v2 (native aws-crt), a fresh
 * connection per attempt. The CRT would reconnect by itself after an interruption, without our
 * jitter; its own reconnect is pushed out to {@link #CRT_RECONNECT_SECONDS} so that
 * {@link ReconnectingSession}'s next attempt (which closes the old connection) always comes first.
 * Callbacks run on CRT threads inside JNI: an exception escaping one aborts the JVM
 * (mqtt_connection.c: {@code !aws_jni_check_and_clear_exception}), so none may escape.
 */
public final class AwsIotTransport extends FreshClientTransport<MqttClientConnection> {

    /** Far beyond any backoff cap allowed (mqtt.reconnect_max is at most 1 h), so the CRT never reconnects first. */
    private static final long CRT_RECONNECT_SECONDS = 24 * 3600;

    /** Connections whose CONNACK arrived and that were not interrupted since. */
    private final Set<MqttClientConnection> up = ConcurrentHashMap.newKeySet();

    public AwsIotTransport(MqttSettings settings, MqttTransport.Events events) {
        super(settings, events);
        // The CRT's own JVM shutdown hook tears its event loops down as soon as SIGTERM starts the
        // JVM's shutdown, while the agent's hook is still draining the outbox: the batch sealed at
        // shutdown reached the broker but its PUBACK was never read, the stop waited out
        // shutdown.publish_timeout and the batch was sent again at the next start (issue 14,
        // measured on mosquitto: 13.4-14.7 s per stop). Holding a shutdown reference until close()
        // lets the CRT shut down only after we have; CRT.releaseShutdownRef in afterClose.
        CRT.acquireShutdownRef();
    }

    @Override
    void afterClose() {
        CRT.releaseShutdownRef();
    }

    @Override
    MqttClientConnection open() {
        Callbacks callbacks = new Callbacks();
        try (AwsIotMqttConnectionBuilder builder = AwsIotMqttConnectionBuilder.newMtlsBuilderFromPath(
                settings.tls().clientCertFile().toString(), settings.tls().clientKeyFile().toString())) {
            builder.withCertificateAuthorityFromPath(null, settings.tls().caFile().toString())
                    .withEndpoint(settings.brokerUri().getHost())
                    .withPort(settings.brokerUri().getPort())
                    .withClientId(settings.clientId())
                    .withCleanSession(false)
                    .withKeepAliveSecs((int) settings.keepAlive().toSeconds())
                    .withTimeoutMs((int) settings.connectTimeout().toMillis())
                    .withReconnectTimeoutSecs(CRT_RECONNECT_SECONDS, CRT_RECONNECT_SECONDS)
                    .withConnectionEventCallbacks(callbacks);
            callbacks.owner = builder.build();
            return callbacks.owner;
        }
    }

    @Override
    void connect(MqttClientConnection client, CompletableFuture<Void> done) throws Exception {
        client.connect().whenComplete((sessionPresent, error) -> {
            if (error == null) {
                up.add(client);
            }
            complete(done, "(connect)", error);
        });
    }

    /**
     * DISCONNECT only on a connection that is up. On an interrupted one the CRT completes
     * disconnect() only when its own reconnect timer fires (a day away here), so the stop used to
     * wait out the whole connect timeout (30 s, beyond systemd's TimeoutStopSec: issue 14);
     * close() releases it at once.
     */
    @Override
    void shutDown(MqttClientConnection client) {
        if (up.remove(client)) {
            CloseQuietly.run(() -> client.disconnect().get(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS));
        }
        CloseQuietly.run(client::close);
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        return AsyncCalls.call(topic, acked -> client()
                .publish(new MqttMessage(topic, payload, QualityOfService.AT_LEAST_ONCE, false))
                .whenComplete((packetId, error) -> complete(acked, topic, error)));
    }

    @Override
    public CompletableFuture<Void> subscribe(String topicFilter) {
        MqttClientConnection owner = client();
        return AsyncCalls.call(topicFilter, granted -> owner
                .subscribe(topicFilter, QualityOfService.AT_LEAST_ONCE, message -> {
                    if (isCurrent(owner)) {
                        NoThrow.run(() -> events.messageArrived(message.getTopic(), message.getPayload()));
                    }
                })
                .whenComplete((packetId, error) -> complete(granted, topicFilter, error)));
    }

    private static void complete(CompletableFuture<Void> future, String topic, Throwable error) {
        if (error == null) {
            future.complete(null);
        } else {
            future.completeExceptionally(new PublishException.Transport(topic, error));
        }
    }

    private final class Callbacks implements MqttClientConnectionEvents {
        private volatile MqttClientConnection owner;

        @Override
        public void onConnectionInterrupted(int errorCode) {
            // No disconnect() here: it calls back into this method, recursively, until the JVM aborts.
            up.remove(owner);
            if (isCurrent(owner)) {
                NoThrow.run(() -> events.connectionLost(new IllegalStateException("connection interrupted: "
                        + CRT.awsErrorName(errorCode) + " (" + CRT.awsErrorString(errorCode) + ")")));
            }
        }

        @Override
        public void onConnectionResumed(boolean sessionPresent) {
            // the CRT's own reconnect is a day away; ours replaces the connection well before
        }
    }
}
