package com.scalesense.agent.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
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
        assertThat(scale.lastFailure()).isInstanceOfAny(PublishException.Transport.class,
                PublishException.CertificateRefused.class);
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

    /** Waits for the first failure and checks status would name {@code cause} in a technician's words. */
    private static void assertProblem(SessionPublisher scale, ConnectionProblem.Cause cause) {
        await().atMost(LIMIT).until(() -> scale.problem() != null);
        System.out.println("status would say: " + scale.problem().describe());
        assertThat(scale.problem().cause()).isEqualTo(cause);
        assertThat(scale.problem().describe()).startsWith(cause.words());
    }

    private static TlsSettings goodTls(String id) {
        TestPki.Identity thing = pki.client(id, true);
        return new TlsSettings(pki.caPem(), thing.certPem(), thing.keyPem());
    }

    @Test
    void status_names_a_refused_certificate_for_both_client_stacks() {
        // guards issue 14 item 2: "send failed: MqttException (topic (connect))" / "Failure during TLS read"
        // given a certificate signed by a CA the broker does not trust
        TestPki rogue = TestPki.create(home.resolve("rogue2"), "Rogue CA 2", Instant.now());
        TestPki.Identity impostor = rogue.client("SCALE-0047", false);
        TlsSettings tls = new TlsSettings(pki.caPem(), impostor.certPem(), impostor.keyPem());
        try (AwsIotPublisher viaSdk = AwsIotPublisher.start(settings("SCALE-0047", tls), scheduler, new Random(6));
                PahoPublisher viaPaho = PahoPublisher.start(settings("SCALE-0048", tls), scheduler, new Random(7))) {
            assertProblem(viaSdk, ConnectionProblem.Cause.CERTIFICATE_REFUSED);
            assertProblem(viaPaho, ConnectionProblem.Cause.CERTIFICATE_REFUSED);
        }
    }

    /** Both client stacks, each a device of its own with a good certificate, pointed at {@code broker}. */
    private static void assertBothStacksSay(URI broker, ConnectionProblem.Cause cause, int seed) {
        String a = TestDevices.fresh();
        String b = TestDevices.fresh();
        TlsSettings tlsA = goodTls(a);
        TlsSettings tlsB = goodTls(b);
        try (AwsIotPublisher viaSdk = AwsIotPublisher.start(settings(a, tlsA).withBroker(broker, tlsA), scheduler,
                new Random(seed));
                PahoPublisher viaPaho = PahoPublisher.start(settings(b, tlsB).withBroker(broker, tlsB), scheduler,
                        new Random(seed + 1))) {
            assertProblem(viaSdk, cause);
            assertProblem(viaPaho, cause);
        }
    }

    @Test
    void status_names_a_closed_port_as_refused_for_both_client_stacks() {
        assertBothStacksSay(SilentEndpoint.closedPort("ssl"), ConnectionProblem.Cause.REFUSED, 8);
    }

    @Test
    void status_names_an_unknown_host_as_dns_for_both_client_stacks() {
        // .invalid never resolves (RFC 6761 §6.4)
        assertBothStacksSay(URI.create("ssl://nonexistent.invalid:8883"), ConnectionProblem.Cause.DNS, 10);
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
