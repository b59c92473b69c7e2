package com.scalesense.agent.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both publishers against a HiveMQ TLS listener that requires a client certificate signed by the
 * test CA, the way AWS IoT Core does: accepted with the right certificate, refused without one
 * or with one from another CA. Certificates are made by the test at runtime.
 */
class MutualTlsIT {

    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final String TOPIC = "scalesense/v1/SCALE-0042/batches";
    private static final Backoff FAST = new Backoff(Duration.ofMillis(50), Duration.ofMillis(500));

    @TempDir
    static Path home;

    private static TestPki pki;
    private static EmbeddedBroker broker;
    private static ScheduledExecutorService scheduler;

    @BeforeAll
    static void start_broker_with_mutual_tls() {
        pki = TestPki.create(home.resolve("pki"), "Scale Sense Test CA", Instant.now());
        broker = EmbeddedBroker.mutualTls(home.resolve("broker"), pki.brokerStores());
        scheduler = Executors.newScheduledThreadPool(2);
    }

    @AfterAll
    static void stop_broker() {
        scheduler.shutdownNow();
        broker.close();
    }

    private static MqttSettings settings(String clientId, TlsSettings tls) {
        return MqttSettings.of(broker.sslUri(), clientId, tls).withReconnect(FAST);
    }

    private static void assertPublishesAndArrives(SessionPublisher scale, String text) throws Exception {
        try (TestSubscriber cloud = new TestSubscriber(broker.tcpUri(), "cloud-" + text, TOPIC)) {
            await().atMost(LIMIT).until(scale::isConnected);
            CompletableFuture<Void> acked = scale.publish(TOPIC, text.getBytes(StandardCharsets.UTF_8));
            assertThat(acked).succeedsWithin(LIMIT);
            await().atMost(LIMIT).until(() -> cloud.received().contains(text));
        }
    }

    private static void assertRefused(SessionPublisher scale) {
        await().atMost(LIMIT).until(() -> scale.lastFailure() != null);
        // a refused handshake, not a local problem such as an unreadable key file
        assertThat(scale.lastFailure()).isInstanceOf(PublishException.Transport.class);
        assertThat(scale.isConnected()).isFalse();
    }

    @Test
    void aws_iot_publisher_connects_with_its_certificate_and_gets_puback() throws Exception {
        // given a thing certificate with the PKCS#1 key AWS IoT hands out
        TestPki.Identity thing = pki.client("SCALE-0042", true);
        TlsSettings tls = new TlsSettings(pki.caPem(), thing.certPem(), thing.keyPem());
        // when / then
        try (AwsIotPublisher scale = AwsIotPublisher.start(settings("SCALE-0042", tls), scheduler, new Random(1))) {
            assertPublishesAndArrives(scale, "via-aws-iot-sdk");
        }
    }

    @Test
    void paho_publisher_connects_over_ssl_with_a_client_certificate() throws Exception {
        TestPki.Identity scaleId = pki.client("SCALE-0043", true);
        TlsSettings tls = new TlsSettings(pki.caPem(), scaleId.certPem(), scaleId.keyPem());
        try (PahoPublisher scale = PahoPublisher.start(settings("SCALE-0043", tls), scheduler, new Random(2))) {
            assertPublishesAndArrives(scale, "via-paho-ssl");
        }
    }

    @Test
    void broker_refuses_a_connection_without_a_client_certificate() {
        try (PahoPublisher scale = PahoPublisher.start(settings("SCALE-0044", TlsSettings.serverOnly(pki.caPem())),
                scheduler, new Random(3))) {
            assertRefused(scale);
        }
    }

    @Test
    void broker_refuses_a_certificate_from_another_ca() {
        // given a certificate that is well-formed but signed by a CA the broker does not trust
        TestPki rogue = TestPki.create(home.resolve("rogue"), "Rogue CA", Instant.now());
        TestPki.Identity impostor = rogue.client("SCALE-0045", false);
        TlsSettings tls = new TlsSettings(pki.caPem(), impostor.certPem(), impostor.keyPem());
        // when / then, through both client stacks
        try (AwsIotPublisher viaSdk = AwsIotPublisher.start(settings("SCALE-0045", tls), scheduler, new Random(4));
                PahoPublisher viaPaho = PahoPublisher.start(settings("SCALE-0046", tls), scheduler, new Random(5))) {
            assertRefused(viaSdk);
            assertRefused(viaPaho);
        }
    }
}
