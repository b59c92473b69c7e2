package com.scalesense.agent.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.protocol.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * PahoPublisher against a real HiveMQ CE broker, MQTT 3.1.1 and 5. One broker serves the class;
 * each test is a device of its own (client id and topics), and a test that stops the broker gets
 * it back running before the next one starts.
 */
class PahoPublisherIT {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static EmbeddedBroker broker;

    private final String deviceId = TestDevices.fresh();
    private final String topic = Topics.batches(deviceId);
    private ScheduledExecutorService scheduler;

    @BeforeAll
    static void start_broker(@TempDir Path home) {
        broker = EmbeddedBroker.plain(home.resolve("broker"));
    }

    @AfterAll
    static void stop_broker() {
        broker.close();
    }

    @BeforeEach
    void start_scheduler() {
        scheduler = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterEach
    void stop_scheduler_and_restore_broker() {
        scheduler.shutdownNow();
        if (!broker.isRunning()) {
            broker.start();
        }
    }

    private PahoPublisher connectedPublisher(MqttProtocol protocol) {
        MqttSettings settings = MqttSettings.of(broker.tcpUri(), deviceId).withProtocol(protocol)
                .withReconnect(new Backoff(Duration.ofMillis(50), Duration.ofMillis(500)));
        PahoPublisher publisher = PahoPublisher.start(settings, scheduler, new Random(42));
        await().atMost(LIMIT).until(publisher::isConnected);
        return publisher;
    }

    private TestSubscriber cloud(String filter) {
        return new TestSubscriber(broker.tcpUri(), "cloud-" + deviceId, filter);
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void future_completes_on_puback_and_the_subscriber_receives_the_bytes(MqttProtocol protocol) throws Exception {
        try (TestSubscriber cloud = cloud(topic);
                PahoPublisher scale = connectedPublisher(protocol)) {
            // when
            CompletableFuture<Void> acked = scale.publish(topic, "batch-1".getBytes(StandardCharsets.UTF_8));
            // then
            await().atMost(LIMIT).until(acked::isDone);
            assertThat(acked).isCompleted();
            await().atMost(LIMIT).until(() -> cloud.received().contains("batch-1"));
        }
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void publish_fails_the_future_instead_of_throwing_while_the_broker_is_down(MqttProtocol protocol) {
        try (PahoPublisher scale = connectedPublisher(protocol)) {
            // given
            broker.stop();
            await().atMost(LIMIT).until(() -> !scale.isConnected());
            // when
            CompletableFuture<Void> acked = scale.publish(topic, "batch-2".getBytes(StandardCharsets.UTF_8));
            // then
            assertThat(acked).failsWithin(LIMIT).withThrowableThat()
                    .havingCause().isInstanceOf(PublishException.NotConnected.class);
        }
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void reconnects_soon_after_the_broker_is_back_without_waiting_out_its_backoff(MqttProtocol protocol) {
        // guards issue 14 item 10: the scale reconnected only when its backoff (up to 5 min) ran out
        // given a scale whose every backoff is a full hour (jitter drawing the ceiling)
        Backoff hour = new Backoff(Duration.ofHours(1), Duration.ofHours(1));
        Random longest = new Random() {
            @Override
            public long nextLong() {
                return -1; // floorMod(-1, ceiling + 1) = ceiling
            }
        };
        try (PahoPublisher scale = PahoPublisher.start(MqttSettings.of(broker.tcpUri(), deviceId).withProtocol(protocol)
                .withReconnect(hour), scheduler, longest)) {
            await().atMost(LIMIT).until(scale::isConnected);
            // when the broker goes away, an attempt fails (the hour's wait begins), and it comes back
            broker.stop();
            await().atMost(LIMIT).until(() -> scale.problem() != null);
            broker.start();
            // then the scale is connected again long before the hour (the guard is minutes)
            await().atMost(LIMIT).until(scale::isConnected);
        }
    }

    @ParameterizedTest
    @EnumSource(MqttProtocol.class)
    void reconnects_and_resubscribes_after_the_broker_restarts(MqttProtocol protocol) {
        List<String> commands = new CopyOnWriteArrayList<>();
        String commandTopic = Topics.commands(deviceId);
        try (TestSubscriber cloud = cloud("unused/topic");
                PahoPublisher scale = connectedPublisher(protocol)) {
            // given a subscription made before the outage
            scale.subscribe(commandTopic, bytes -> commands.add(new String(bytes, StandardCharsets.UTF_8)));
            // (SUBACK is asynchronous: keep sending until the subscription is in place)
            await().atMost(LIMIT).untilAsserted(() -> {
                cloud.send(commandTopic, "before");
                assertThat(commands).contains("before");
            });
            // when the broker goes away and comes back
            broker.stop();
            await().atMost(LIMIT).until(() -> !scale.isConnected());
            broker.start();
            await().atMost(LIMIT).until(() -> scale.isConnected() && cloud.isConnected());
            // then the scale still receives what the cloud sends
            await().atMost(LIMIT).untilAsserted(() -> {
                cloud.send(commandTopic, "after");
                assertThat(commands).contains("after");
            });
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
