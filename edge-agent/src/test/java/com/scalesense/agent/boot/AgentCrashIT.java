package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.publish.EmbeddedBroker;
import com.scalesense.agent.publish.TestSubscriber;
import com.scalesense.control.ControlClient;
import com.scalesense.protocol.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged agent ({@code --simulate}, 100x real time) is killed with SIGKILL at random seeded
 * points of its progress and restarted on the same state directory; then it runs until drained and
 * is stopped with SIGTERM. Every reading it accepted must reach the broker under exactly one
 * batch_id. {@code -Dagent.crash.kills=N} sets the kill count online and half of it with a full
 * outbox (default 20 + 10, kept small for {@code verify}'s time budget; {@code -Pcrash-long} runs
 * 100 + 50).
 *
 * <p>A kill's moment is a point of the agent's progress (start-up, stores open, k more readings
 * accepted), never a wall-clock delay: a slow machine makes the test slower but kills the agent at
 * the same kinds of points and the same number of times.
 */
class AgentCrashIT {

    private static final double SPEED = 100;
    private static final int KILLS = Integer.getInteger("agent.crash.kills", 20);
    private static final int FULL_KILLS = Math.max(1, KILLS / 2);
    /** A hang guard for one stage of one run (JVM start, first readings); a healthy agent needs seconds. */
    private static final Duration STAGE_LIMIT = Duration.ofMinutes(2);

    /** Kept when a test fails: agent.log, accepted.log and the state directory are the evidence. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void every_accepted_reading_reaches_the_broker_exactly_once_across_sigkills() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.plain(dir.resolve("broker"));
             TestSubscriber cloud = new TestSubscriber(broker.tcpUri(), "crash-cloud", Topics.ALL_BATCHES)) {
            Path conf = conf(broker, "");
            int kills = killRepeatedly(conf, KILLS, new Random(20_261_122));
            Set<String> beforeFinal = new DeliveryLedger(acceptedLog(), cloud.received()).accepted;

            ForkedAgent last = ForkedAgent.start(conf, SPEED, dir.resolve("agent.log"));
            awaitRecording(new ControlClient(dir.resolve("state/control.sock")));
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).until(() ->
                    new DeliveryLedger(acceptedLog(), cloud.received()).batchOfReading.keySet().containsAll(beforeFinal));
            assertThat(last.terminate()).as("exit status after SIGTERM: 128 + 15, the unit's SuccessExitStatus")
                    .isEqualTo(143);
            await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                DeliveryLedger l = new DeliveryLedger(acceptedLog(), cloud.received());
                assertThat(l.missing()).as("missing of %d accepted", l.accepted.size()).isEmpty();
            });

            DeliveryLedger ledger = new DeliveryLedger(acceptedLog(), cloud.received());
            assertThat(kills).isEqualTo(KILLS);
            assertThat(ledger.accepted).hasSizeGreaterThan(kills);
            assertThat(ledger.problems).isEmpty();
            assertThat(ledger.missing()).isEmpty();
            // a reading appended to the outbox, then killed before its log line: the next boot lists it
            assertThat(ledger.unlisted()).isEmpty();
        }
    }

    @Test
    void with_a_full_outbox_only_the_counted_drops_are_missing() throws Exception {
        EmbeddedBroker broker = EmbeddedBroker.plain(dir.resolve("broker"));
        try (broker) {
            // offline while being killed: the 64 KiB outbox fills and drops its oldest entries
            broker.stop();
            // a reading every simulated second (100/s real) overflows the smallest outbox
            Path conf = conf(broker, "outbox.max_bytes = 65536\nreading.interval = 1s\n");
            int kills = killRepeatedly(conf, FULL_KILLS, new Random(20_261_123));
            // however few readings the killed runs got to accept, one more offline run fills the file
            ForkedAgent filler = ForkedAgent.start(conf, SPEED, dir.resolve("agent.log"));
            ControlClient fillerControl = new ControlClient(dir.resolve("state/control.sock"));
            await().atMost(STAGE_LIMIT).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> !filler.isAlive() || fillerControl.status().outbox().dropped() > 0);
            assertThat(filler.isAlive()).as("agent exited by itself while filling; see %s", dir.resolve("agent.log"))
                    .isTrue();
            filler.kill();
            broker.start();
            try (TestSubscriber cloud = new TestSubscriber(broker.tcpUri(), "crash-cloud-full", Topics.ALL_BATCHES)) {
                ForkedAgent last = ForkedAgent.start(conf, SPEED, dir.resolve("agent.log"));
                ControlClient control = new ControlClient(dir.resolve("state/control.sock"));
                awaitRecording(control);
                await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1))
                        .ignoreExceptions()
                        .until(control::status, s -> s.outbox().sealed() == 0 && s.connectivity().acked() > 0);
                last.terminate();
                // Read after the stop: a full file keeps dropping while the final run appends.
                long dropped = droppedInOutbox();
                await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                    DeliveryLedger l = new DeliveryLedger(acceptedLog(), cloud.received());
                    assertThat((long) l.missing().size()).as("%d accepted, %d dropped, first missing %s in %s",
                            l.accepted.size(), dropped, l.missing().stream().limit(3).toList(), dir)
                            .isLessThanOrEqualTo(dropped);
                });

                DeliveryLedger ledger = new DeliveryLedger(acceptedLog(), cloud.received());
                assertThat(kills).isEqualTo(FULL_KILLS);
                assertThat(dropped).isPositive();
                assertThat(ledger.problems).isEmpty();
                assertThat((long) ledger.missing().size()).isLessThanOrEqualTo(dropped);
                assertThat(ledger.unlisted()).isEmpty();
                assertThat(new HashSet<>(ledger.batchOfReading.keySet())).isNotEmpty();
            }
        }
    }

    /** Waits until this run of the agent answers on its socket and has recorded a reading. */
    private static void awaitRecording(ControlClient control) {
        await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                .until(() -> control.status().sampling().readingsRecorded() > 0);
    }

    /**
     * Starts and SIGKILLs the agent {@code n} times, each at a random stage of its progress: at
     * once (JVM start-up), once its control socket is up (stores open, first samples), or once it
     * has accepted 1-8 more readings (appending, sealing, publishing, acknowledging); then a
     * random 0-300 ms more, so kills spread within the stage.
     */
    private int killRepeatedly(Path conf, int n, Random random) throws InterruptedException, IOException {
        int kills = 0;
        while (kills < n) {
            long acceptedBefore = acceptedLines();
            ForkedAgent agent = ForkedAgent.start(conf, SPEED, dir.resolve("agent.log"));
            int stage = random.nextInt(4);
            int more = 1 + random.nextInt(8);
            if (stage == 1) {
                // answers, not merely exists: a killed run leaves its socket file behind
                ControlClient control = new ControlClient(dir.resolve("state/control.sock"));
                await().atMost(STAGE_LIMIT).pollInterval(Duration.ofMillis(20)).ignoreExceptions()
                        .until(() -> !agent.isAlive() || control.status() != null);
            } else if (stage > 1) {
                await().atMost(STAGE_LIMIT).pollInterval(Duration.ofMillis(20))
                        .until(() -> !agent.isAlive() || acceptedLines() >= acceptedBefore + more);
            }
            boolean exited = agent.exitedWithin(random.nextInt(300));
            assertThat(exited).as("agent exited by itself before kill %d; see %s", kills, dir.resolve("agent.log"))
                    .isFalse();
            agent.kill();
            kills++;
        }
        return kills;
    }

    /** Complete lines of the accepted log: readings and events the agent has made durable. */
    private long acceptedLines() throws IOException {
        Path log = acceptedLog();
        if (!Files.exists(log)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(log)) {
            return lines.count();
        }
    }

    /** Entries the outbox dropped at its bound since the file was created, read from the file itself. */
    private long droppedInOutbox() {
        try (Outbox outbox = Outboxes.open(new OutboxConfig(dir.resolve("state/outbox.journal"), 65_536),
                Clock.systemUTC())) {
            return outbox.status().droppedEntries();
        }
    }

    private Path conf(EmbeddedBroker broker, String extra) throws IOException {
        Path conf = dir.resolve("agent.conf");
        Files.writeString(conf, "state.dir = " + dir.resolve("state") + "\n"
                + "mqtt.broker_uri = " + broker.tcpUri() + "\n"
                + "reading.interval = 2s\n"
                + "batch.max_delay = 5s\n"
                + "shutdown.publish_timeout = 30s\n"
                + "simulate.seed = 7\n"
                + "simulate.accepted_log = " + acceptedLog() + "\n" + extra);
        return conf;
    }

    private Path acceptedLog() {
        return dir.resolve("accepted.log");
    }
}
