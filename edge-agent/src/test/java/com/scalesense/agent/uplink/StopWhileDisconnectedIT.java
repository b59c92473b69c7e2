package com.scalesense.agent.uplink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.publish.AwsIotPublisher;
import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.CuttableRelay;
import com.scalesense.agent.publish.EmbeddedBroker;
import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PahoPublisher;
import com.scalesense.agent.publish.SessionPublisher;
import com.scalesense.agent.publish.TestPki;
import com.scalesense.agent.publish.TestSubscriber;
import com.scalesense.agent.publish.TlsSettings;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.Topics;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scale stopped while its connection is down, then started again on the same outbox, through
 * both client stacks over mutual TLS: the stop ends, and every batch reaches the cloud once and is
 * acknowledged to the outbox once (issue 14 item 1: "stopped while disconnected it still takes
 * 30 s, and the last batch is sent twice"). The stop duration is printed, never asserted.
 */
class StopWhileDisconnectedIT {

    private static final Duration GUARD = Duration.ofMinutes(2);
    private static final Backoff FAST = new Backoff(Duration.ofMillis(50), Duration.ofMillis(500));

    @TempDir
    static Path home;

    private static TestPki pki;
    private static EmbeddedBroker broker;
    private static CuttableRelay relay;

    @BeforeAll
    static void start_broker() {
        pki = TestPki.create(home.resolve("pki"), "Stop Test CA", Instant.now());
        broker = EmbeddedBroker.mutualTls(home.resolve("broker"), pki.brokerStores());
        relay = new CuttableRelay(broker.tlsPort());
    }

    @AfterAll
    static void stop_broker() {
        relay.close();
        broker.close();
    }

    private record Boot(SessionPublisher publisher, Uplink uplink, ScheduledExecutorService network) {
        /** The stop path of the agent's UplinkRunner: the network loop ends, then the publisher closes. */
        void stop() {
            network.shutdownNow();
            publisher.close();
        }
    }

    private static Boot boot(String client, String deviceId, TlsSettings tls, CountingQueue outbox) {
        MqttSettings settings = MqttSettings.of(relay.uri("ssl"), deviceId, tls).withReconnect(FAST);
        ScheduledExecutorService network = Executors.newScheduledThreadPool(2);
        SessionPublisher publisher = client.equals("aws_iot") ? AwsIotPublisher.start(settings, network, new Random(1))
                : PahoPublisher.start(settings, network, new Random(1));
        Uplink uplink = new Uplink(outbox, publisher, UplinkFixtures.announcement(deviceId),
                new UplinkSettings(10, 50, FAST, Duration.ofSeconds(30), Duration.ofMillis(20)), System::nanoTime,
                Clock.systemUTC(), new Random(2));
        uplink.start(network);
        return new Boot(publisher, uplink, network);
    }

    private static void seal(Outbox outbox, SealedBatch batch) {
        long seq = outbox.append(new OutboxEntry(EntryKind.READING, "loc-001#TAP#07", 0, batch.payload()));
        outbox.seal(new SealRequest(batch, UplinkFixtures.BOOT_ID, BatchId.parse(batch.batchId()).windowEndMs(), seq,
                seq, 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aws_iot", "paho"})
    void a_stop_while_disconnected_ends_and_sends_no_batch_twice(String client) throws Exception {
        String deviceId = client.equals("aws_iot") ? "SCALE-2001" : "SCALE-2002";
        TestPki.Identity thing = pki.client(deviceId, true);
        TlsSettings tls = new TlsSettings(pki.caPem(), thing.certPem(), thing.keyPem());
        List<SealedBatch> all = IntStream.rangeClosed(1, 4).mapToObj(UplinkFixtures::batch).toList();
        relay.refuse(false);
        try (Outbox store = Outboxes.open(OutboxConfig.at(home.resolve(client + "-outbox.journal")), Clock.systemUTC());
                TestSubscriber cloud = new TestSubscriber(broker.tcpUri(), "cloud-" + deviceId,
                        Topics.batches(deviceId))) {
            CountingQueue outbox = new CountingQueue(store);
            // given a scale that delivered its first batches
            all.subList(0, 3).forEach(b -> seal(store, b));
            Boot first = boot(client, deviceId, tls, outbox);
            await().atMost(GUARD).until(() -> store.oldest(1).isEmpty());
            // when its link drops, the last batch is sealed (as at shutdown) and the scale is stopped
            relay.refuse(true);
            relay.cut();
            await().atMost(GUARD).until(() -> !first.publisher().isConnected());
            seal(store, all.get(3));
            // (how long a stop takes is measured by StopTimes, not decided here; GUARD is a hang guard)
            CompletableFuture<Void> stopped = CompletableFuture.runAsync(first::stop);
            await().atMost(GUARD).until(stopped::isDone);
            assertThat(stopped).isCompleted();
            // then the next boot delivers the rest
            relay.refuse(false);
            Boot second = boot(client, deviceId, tls, outbox);
            try {
                await().atMost(GUARD).until(() -> store.oldest(1).isEmpty());
                await().atMost(GUARD).untilAsserted(() -> assertThat(cloud.received())
                        .containsAll(all.stream().map(SealedBatch::batchId).toList()));
            } finally {
                second.stop();
            }
            // each batch arrived once and was acknowledged once
            for (SealedBatch b : all) {
                assertThat(cloud.received().stream().filter(b.batchId()::equals).count())
                        .as("deliveries of %s", b.batchId()).isEqualTo(1);
            }
            assertThat(outbox.acknowledgements()).hasSize(all.size()).allSatisfy((id, times) -> assertThat(times)
                    .as("acknowledgements of %s", id).isEqualTo(1));
        }
    }
}
