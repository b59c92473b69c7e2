package com.scalesense.agent.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing a publisher ends promptly in every connection state, through both client stacks, over
 * mutual TLS to a real HiveMQ: connected (with publishes in flight), connecting to a listener that
 * never answers the TLS handshake, waiting out a backoff after a refused connection, and after the
 * connection dropped. The connect timeout is set to an hour, so a stop that waits on it (issue 14:
 * aws_iot's disconnect() on a dropped connection waited out the 30 s connect timeout, beyond
 * systemd's TimeoutStopSec) hangs past the guard. Durations are printed, never asserted.
 */
class PublisherStopIT {

    private static final Duration GUARD = Duration.ofMinutes(2);
    private static final Duration HOUR = Duration.ofHours(1);
    /** Long enough that the refused-connection case is still in its backoff when stopped. */
    private static final Backoff SLOW = new Backoff(HOUR, HOUR);

    @TempDir
    static Path home;

    private static TestPki pki;
    private static EmbeddedBroker broker;
    private static CuttableRelay relay;
    private static SilentEndpoint silent;
    private static ScheduledExecutorService scheduler;

    @BeforeAll
    static void start_broker() {
        pki = TestPki.create(home.resolve("pki"), "Stop Test CA", Instant.now());
        broker = EmbeddedBroker.mutualTls(home.resolve("broker"), pki.brokerStores());
        relay = new CuttableRelay(broker.tlsPort());
        silent = new SilentEndpoint();
        scheduler = Executors.newScheduledThreadPool(2);
    }

    @AfterAll
    static void stop_broker() {
        scheduler.shutdownNow();
        silent.close();
        relay.close();
        broker.close();
    }

    enum State { CONNECTED, CONNECTING, BACKOFF, DROPPED }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"aws_iot,CONNECTED", "aws_iot,CONNECTING", "aws_iot,BACKOFF", "aws_iot,DROPPED",
        "paho,CONNECTED", "paho,CONNECTING", "paho,BACKOFF", "paho,DROPPED"})
    void close_ends_promptly_whatever_the_connection_state(String client, State state) {
        // given a publisher in that state
        String id = TestDevices.fresh();
        TestPki.Identity thing = pki.client(id, true);
        URI uri = switch (state) {
            case CONNECTED -> broker.sslUri();
            case CONNECTING -> silent.uri("ssl");
            case BACKOFF -> SilentEndpoint.closedPort("ssl");
            case DROPPED -> relay.uri("ssl");
        };
        MqttSettings settings = MqttSettings.of(uri, id, new TlsSettings(pki.caPem(), thing.certPem(), thing.keyPem()));
        settings = new MqttSettings(settings.brokerUri(), id, settings.protocol(), settings.keepAlive(),
                settings.sessionExpiry(), HOUR, settings.maxInflight(), settings.tls(), SLOW);
        int accepted = silent.connections();
        relay.refuse(false);
        SessionPublisher publisher = client.equals("aws_iot") ? AwsIotPublisher.start(settings, scheduler, new Random(1))
                : PahoPublisher.start(settings, scheduler, new Random(1));
        BooleanSupplier reached = switch (state) {
            case CONNECTED, DROPPED -> publisher::isConnected;
            case CONNECTING -> () -> silent.connections() > accepted;
            case BACKOFF -> () -> publisher.lastFailure() != null;
        };
        await().atMost(GUARD).until(reached::getAsBoolean);
        CompletableFuture<Void> inFlight = state == State.CONNECTED || state == State.DROPPED
                ? publisher.publish("scalesense/v1/" + id + "/batches", new byte[] {1, 2, 3}) : null;
        if (state == State.DROPPED) {
            relay.refuse(true);
            relay.cut();
            await().atMost(GUARD).until(() -> !publisher.isConnected());
        }
        // when it is closed
        // (how long a close takes is measured by StopTimes, not decided here)
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(publisher::close);
        // then the close ends (the guard is a hang guard, far below the hour of connect timeout)
        await().atMost(GUARD).until(stopped::isDone);
        assertThat(stopped).isCompleted();
        assertThat(publisher.isConnected()).isFalse();
        if (inFlight != null) {
            // settled one way or the other: PUBACK before the stop, or failed for the outbox to retry
            assertThat(inFlight).isDone();
        }
    }
}
