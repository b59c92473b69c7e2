package com.scalesense.agent.uplink;

import static com.scalesense.agent.uplink.UplinkFixtures.batch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.outbox.BatchQueue;
import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.EmbeddedBroker;
import com.scalesense.agent.publish.MqttProtocol;
import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PahoPublisher;
import com.scalesense.agent.publish.TestDevices;
import com.scalesense.agent.publish.TestSubscriber;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.Topics;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The uplink against a real broker that goes away: every batch reaches the cloud subscriber at
 * least once and is acknowledged to the outbox exactly once; the outbox ends empty. One broker
 * serves the class; each test is a device of its own (client id and topics), and a test that
 * stops the broker gets it back running before the next one starts.
 */
class UplinkIT {

    private static final Duration LIMIT = Duration.ofMinutes(2);
    /** Short backoff caps so an outage of seconds runs through as many retry rounds as hours would at 5 min. */
    private static final Backoff FAST = new Backoff(Duration.ofMillis(20), Duration.ofMillis(400));

    private static EmbeddedBroker broker;

    @TempDir
    Path home;

    private final String deviceId = TestDevices.fresh();
    private ScheduledExecutorService scheduler;
    private TestSubscriber cloud;
    private PahoPublisher publisher;
    private final InMemoryBatchQueue queue = new InMemoryBatchQueue();

    @BeforeAll
    static void start_broker(@TempDir Path brokerHome) {
        broker = EmbeddedBroker.plain(brokerHome);
    }

    @AfterAll
    static void stop_broker() {
        broker.close();
    }

    @BeforeEach
    void start_cloud() {
        scheduler = Executors.newScheduledThreadPool(2);
        cloud = new TestSubscriber(broker.tcpUri(), "cloud-" + deviceId, Topics.batches(deviceId));
    }

    @AfterEach
    void stop_everything_and_restore_broker() throws Exception {
        if (publisher != null) {
            publisher.close();
        }
        scheduler.shutdownNow();
        cloud.close();
        if (!broker.isRunning()) {
            broker.start();
        }
    }

    private Uplink startUplink(MqttProtocol protocol, BatchQueue outbox) {
        return startUplink(protocol, outbox, UplinkSettings.AWS_IOT_PUBLISHES_PER_SECOND);
    }

    private Uplink startUplink(MqttProtocol protocol, BatchQueue outbox, int publishesPerSecond) {
        publisher = PahoPublisher.start(MqttSettings.of(broker.tcpUri(), deviceId)
                .withProtocol(protocol).withReconnect(FAST), scheduler, new Random(11));
        UplinkSettings settings = new UplinkSettings(10, publishesPerSecond, FAST, Duration.ofSeconds(30), Duration.ofMillis(20));
        Uplink uplink = new Uplink(outbox, publisher, UplinkFixtures.announcement(deviceId), settings, System::nanoTime,
                Clock.systemUTC(), new Random(12));
        uplink.start(scheduler);
        return uplink;
    }

    private static List<SealedBatch> batches(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(UplinkFixtures::batch).toList();
    }

    private void assertEveryBatchDeliveredAndAckedOnce(List<SealedBatch> all) {
        assertEveryBatchDeliveredAndAckedOnce(all, queue::size, queue::acknowledgements);
    }

    private void assertEveryBatchDeliveredAndAckedOnce(List<SealedBatch> all, IntSupplier outboxSize,
            Supplier<Map<String, Integer>> acknowledgements) {
        await().atMost(LIMIT).until(() -> outboxSize.getAsInt() == 0);
        await().atMost(LIMIT).untilAsserted(() -> assertThat(cloud.received())
                .containsAll(all.stream().map(SealedBatch::batchId).toList()));
        assertThat(acknowledgements.get()).hasSize(all.size()).allSatisfy((id, times) -> assertThat(times)
                .as("acknowledgements of %s", id).isEqualTo(1));
    }

    /** Seals {@code batch} into the real outbox as the batcher would: one reading, then the seal. */
    private static void seal(Outbox outbox, SealedBatch batch, long windowEndMs) {
        long seq = outbox.append(new OutboxEntry(EntryKind.READING, "loc-001#TAP#07", 0, batch.payload()));
        outbox.seal(new SealRequest(batch, UplinkFixtures.BOOT_ID, windowEndMs, seq, seq, 1));
    }

    /** An uplink whose safety-net step is an hour away: whatever it publishes, an event made it. */
    private Uplink startEventDrivenUplink(BatchQueue outbox, int maxInFlight) {
        publisher = PahoPublisher.start(MqttSettings.of(broker.tcpUri(), deviceId).withReconnect(FAST), scheduler,
                new Random(11));
        UplinkSettings settings = new UplinkSettings(maxInFlight, UplinkSettings.AWS_IOT_PUBLISHES_PER_SECOND, FAST,
                Duration.ofSeconds(30), Duration.ofHours(1));
        Uplink uplink = new Uplink(outbox, publisher, UplinkFixtures.announcement(deviceId), settings, System::nanoTime,
                Clock.systemUTC(), new Random(12));
        uplink.start(scheduler);
        return uplink;
    }

    @Test
    void drains_a_backlog_one_puback_after_another_without_a_polling_period() {
        // Guards issue 18: with the 200 ms poll gone, each PUBACK (and the registration's) must
        // wake the loop, or a backlog under max_in_flight = 1 would wait for the safety net per batch.
        List<SealedBatch> all = batches(1, 5);
        all.forEach(queue::add);
        // when
        startEventDrivenUplink(queue, 1);
        // then
        assertEveryBatchDeliveredAndAckedOnce(all);
    }

    @Test
    void publishes_a_batch_sealed_after_start_when_woken() {
        // Guards issue 18: a batch sealed while the loop waits goes out on the seal's wake, not at the next poll.
        Uplink uplink = startEventDrivenUplink(queue, 10);
        await().atMost(LIMIT).until(() -> uplink.status().registered());
        List<SealedBatch> sealed = batches(1, 1);
        // when
        queue.add(sealed.get(0));
        uplink.wake();
        // then
        assertEveryBatchDeliveredAndAckedOnce(sealed);
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void the_outbox_drains_completely_across_an_outage_and_a_restart_mid_backlog(MqttProtocol protocol) {
        // given the real durable outbox with a backlog
        try (Outbox outbox = Outboxes.open(OutboxConfig.at(home.resolve("outbox.journal")), Clock.systemUTC())) {
            CountingQueue counted = new CountingQueue(outbox);
            List<SealedBatch> all = batches(1, 150);
            all.subList(0, 100).forEach(b -> seal(outbox, b, windowEnd(b)));
            Uplink uplink = startUplink(protocol, counted);
            await().atMost(LIMIT).until(() -> uplink.status().published() >= 20);
            // when the broker stops mid-backlog and more batches are sealed while it is away
            broker.stop();
            all.subList(100, 150).forEach(b -> seal(outbox, b, windowEnd(b)));
            await().atMost(LIMIT).until(() -> !publisher.isConnected());
            broker.start();
            // then
            assertEveryBatchDeliveredAndAckedOnce(all, () -> outbox.oldest(1).size(), counted::acknowledgements);
        }
    }

    private static long windowEnd(SealedBatch batch) {
        return BatchId.parse(batch.batchId()).windowEndMs();
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void every_batch_arrives_and_is_acked_once_across_a_long_outage(MqttProtocol protocol) {
        // given a scale that has delivered its first batches
        List<SealedBatch> before = batches(1, 20);
        before.forEach(queue::add);
        Uplink uplink = startUplink(protocol, queue);
        await().atMost(LIMIT).until(() -> queue.size() == 0);
        // when the broker is down while an hour of one-minute batches piles up
        broker.stop();
        List<SealedBatch> during = batches(21, 80);
        during.forEach(queue::add);
        await().atMost(LIMIT).until(() -> !publisher.isConnected());
        broker.start();
        // then
        assertEveryBatchDeliveredAndAckedOnce(batches(1, 80));
        assertThat(uplink.status().acked()).isEqualTo(80);
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void nothing_is_lost_when_the_broker_restarts_while_publishes_are_in_flight(MqttProtocol protocol) {
        // given a backlog of 300 batches draining at 50/s, so at least 6 s of it is left to interrupt
        List<SealedBatch> all = batches(1, 300);
        all.forEach(queue::add);
        Uplink uplink = startUplink(protocol, queue, 50);
        await().atMost(LIMIT).until(() -> uplink.status().published() >= 30);
        // when the broker goes down in the middle of it
        broker.stop();
        assertThat(queue.size()).as("stopped mid-backlog").isGreaterThan(0);
        broker.start();
        // then
        assertEveryBatchDeliveredAndAckedOnce(all);
    }

    @Test
    void the_cloud_receives_the_boot_registration_with_this_boot_id() throws Exception {
        try (TestSubscriber registrations = new TestSubscriber(broker.tcpUri(), "registry-" + deviceId,
                Topics.registration(deviceId))) {
            queue.add(batch(1));
            startUplink(MqttProtocol.MQTT_3_1_1, queue);
            await().atMost(LIMIT).until(() -> queue.size() == 0);
            await().atMost(LIMIT).until(() -> !registrations.received().isEmpty());
            assertThat(registrations.received().get(0)).contains("\"boot_id\":\"" + UplinkFixtures.BOOT_ID + "\"");
        }
    }
}
