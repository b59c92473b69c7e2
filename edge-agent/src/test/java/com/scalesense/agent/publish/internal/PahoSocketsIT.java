package com.scalesense.agent.publish.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.publish.EmbeddedBroker;
import com.scalesense.agent.publish.MqttProtocol;
import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.TestDevices;
import com.scalesense.agent.publish.TestPki;
import com.scalesense.agent.publish.TlsSettings;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 18: Paho's receiver reads with {@link PahoSockets#READ_TIMEOUT} instead of waking every
 * second, over plain TCP and mutual TLS to a real HiveMQ, through both Paho transports; and every
 * way of stopping still ends against a broker that answered CONNACK and then went silent
 * ({@link MuteBroker}). Durations are not asserted; the guards are hang guards.
 */
class PahoSocketsIT {

    private static final Duration GUARD = Duration.ofSeconds(60);
    private static final MqttTransport.Events IGNORED = new MqttTransport.Events() {
        @Override
        public void connectionLost(Throwable cause) {
            // a lost connection shows in the test's own assertions
        }

        @Override
        public void messageArrived(String topic, byte[] payload) {
            // nothing is subscribed
        }
    };

    @TempDir
    static Path home;

    private static TestPki pki;
    private static EmbeddedBroker broker;
    private static MuteBroker mute;

    @BeforeAll
    static void start_brokers() {
        pki = TestPki.create(home.resolve("pki"), "Read Timeout CA", Instant.now());
        broker = EmbeddedBroker.mutualTls(home.resolve("broker"), pki.brokerStores());
        mute = new MuteBroker();
    }

    @AfterAll
    static void stop_brokers() {
        mute.close();
        broker.close();
    }

    private static MqttTransport transport(MqttSettings settings) {
        return settings.protocol() == MqttProtocol.MQTT_5 ? new PahoV5Transport(settings, IGNORED)
                : new PahoV3Transport(settings, IGNORED);
    }

    private static PahoSockets link(MqttTransport transport) {
        return transport instanceof PahoV5Transport v5 ? v5.latestLink() : ((PahoV3Transport) transport).latestLink();
    }

    private static int readTimeoutMs(Socket s) {
        try {
            return s.getSoTimeout();
        } catch (SocketException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean receiverAlive(String clientId) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith("MQTT Rec") && t.getName().endsWith(clientId));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"MQTT_3_1_1,tcp", "MQTT_3_1_1,ssl", "MQTT_5,tcp", "MQTT_5,ssl"})
    void after_connect_the_socket_reads_with_the_long_timeout_and_pubacks_still_arrive(MqttProtocol protocol,
            String scheme) {
        // given a transport connected to HiveMQ
        String id = TestDevices.fresh();
        TestPki.Identity thing = pki.client(id, false);
        MqttSettings settings = (scheme.equals("ssl")
                ? MqttSettings.of(broker.sslUri(), id, new TlsSettings(pki.caPem(), thing.certPem(), thing.keyPem()))
                : MqttSettings.of(broker.tcpUri(), id)).withProtocol(protocol);
        MqttTransport transport = transport(settings);
        try {
            assertThat(transport.connect()).succeedsWithin(GUARD);
            // then its one socket reads with 10 s, not Paho's 1 s (after the TLS handshake's own timeout)
            assertThat(link(transport).made()).singleElement()
                    .satisfies(s -> assertThat(readTimeoutMs(s)).isEqualTo(PahoSockets.READ_TIMEOUT.toMillis()));
            // and the receiver still reads what comes: the PUBACK
            assertThat(transport.publish("scalesense/v1/" + id + "/batches", new byte[] {1})).succeedsWithin(GUARD);
        } finally {
            transport.close();
        }
        await().atMost(GUARD).until(() -> !receiverAlive(id));
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void closing_a_transport_whose_broker_went_silent_ends_and_its_receiver_with_it(MqttProtocol protocol) {
        // given a transport connected to a broker that then says nothing, a PUBACK outstanding
        String id = TestDevices.fresh();
        MqttTransport transport = transport(MqttSettings.of(mute.uri(), id).withProtocol(protocol));
        assertThat(transport.connect()).succeedsWithin(GUARD);
        CompletableFuture<Void> unacked = transport.publish("scalesense/v1/" + id + "/batches", new byte[] {1});
        // when it is closed (a clean DISCONNECT that the broker never answers by closing)
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(transport::close);
        // then the close ends, and Paho's receiver with it (its socket closed, not its read timed out)
        await().atMost(GUARD).until(stopped::isDone);
        assertThat(stopped).isCompleted();
        await().atMost(GUARD).until(() -> !receiverAlive(id));
        // the broker never acknowledged it, so it must not be reported as delivered
        assertThat(unacked.isDone() && !unacked.isCompletedExceptionally()).isFalse();
    }

    @Test
    void pahos_forced_disconnect_from_a_silent_broker_ends() throws Exception {
        // given a bare Paho client on our sockets, connected to a broker that then says nothing
        String id = TestDevices.fresh();
        MqttAsyncClient client = new MqttAsyncClient(mute.uri().toString(), id, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setSocketFactory(PahoSockets.plain().factory());
        client.connect(options).waitForCompletion(GUARD.toMillis());
        // when it is forcibly disconnected
        CompletableFuture<Void> forced = CompletableFuture.runAsync(() -> {
            try {
                client.disconnectForcibly(1, 1, false);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // then it ends: Paho does not wait for the receiver's read, it closes the socket under it
        await().atMost(GUARD).until(forced::isDone);
        assertThat(forced).isCompleted();
        assertThat(client.isConnected()).isFalse();
        await().atMost(GUARD).until(() -> !receiverAlive(id));
        client.close();
    }
}
