package com.scalesense.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.clock.SuppliedClock;
import com.scalesense.control.ControlClient;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.demo.cloud.BarSetup;
import com.scalesense.demo.cloud.LocalCloud;
import com.scalesense.demo.forked.BatchObserver;
import com.scalesense.demo.forked.ForkedScale;
import com.scalesense.demo.forked.ForkedScales;
import com.scalesense.demo.report.Check;
import com.scalesense.demo.report.Verification;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.SimClock;
import com.scalesense.demo.scale.TapPlan;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The real scale agent, each in its own JVM as systemd runs it ({@code scale-agent.jar --simulate}),
 * SIGKILLed at seeded random moments and restarted on the same state directory, its batches going
 * through the real cloud half (HiveMQ, the local IoT Rule, the sink's IotRuleHandler, DynamoDB
 * Local). The agents share one simulated world ({@code simulate.world_start}), so every boot
 * continues the same keg life. The truth is what the agents durably accepted (their accepted
 * logs); the tables must hold exactly that, checked by the demo's own {@link Verification}.
 */
class ForkedAgentEndToEndIT {

    /** Simulated seconds per real second: the three simulated hours pass in 36 real seconds. */
    private static final double SPEED = 300;
    /** The last boot of each agent runs until the world is this old, then is stopped with SIGTERM. */
    private static final Duration WORLD = Duration.ofHours(3);
    private static final long SEED = 20_261_122;
    /** Readings each scale must have accepted before it is stopped (a reading a simulated minute). */
    private static final int MIN_READINGS = 60;
    /** Readings the last boot must have accepted before the stop: it is up and publishing. */
    private static final int READINGS_IN_LAST_BOOT = 10;

    /** Kept when the test fails: each agent's agent.conf, agent.log, accepted.log and state directory. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path work;

    @Test
    void every_record_the_forked_agents_accepted_is_stored_exactly_once_across_sigkills() throws Exception {
        // given the cloud half on a clock of the world the agents will share, and the bar set up;
        // the world begins once the cloud is up: at 300x, a cloud start-up of a minute on a busy
        // machine would otherwise be five simulated hours gone before the first boot
        long setUpMs = System.currentTimeMillis();
        AtomicReference<SimClock> worldRef = new AtomicReference<>();
        Clock clock = new SuppliedClock(() -> {
            SimClock w = worldRef.get();
            return w == null ? setUpMs : w.millis();
        });
        List<TapPlan> taps = BarEvening.taps(2);
        Random random = new Random(SEED);
        try (LocalCloud cloud = LocalCloud.start(work, clock, SEED);
             ForkedScales scales = new ForkedScales()) {
            BarSetup.prepare(cloud.tables(), cloud.commands(), BarEvening.LOC_ID, taps, work, clock, SEED);
            long worldStartMs = System.currentTimeMillis();
            SimClock world = new SimClock(worldStartMs, SPEED, System::nanoTime);
            world.start();
            worldRef.set(world);
            try (BatchObserver observer = BatchObserver.start(cloud.broker().uri())) {
                for (int i = 0; i < taps.size(); i++) {
                    TapPlan tap = taps.get(i);
                    scales.add(new ForkedScale(tap, BarEvening.LOC_ID, work.resolve(tap.deviceId()),
                            cloud.broker().uri(), SPEED, SEED + 17L * (i + 1), worldStartMs));
                }
                List<Integer> kills = List.of(2 + random.nextInt(2), 2 + random.nextInt(2));

                // when each agent is SIGKILLed 2-3 times at random moments (some as a batch reaches the
                // broker) and restarted, then stopped
                scales.live(kills, random.nextLong(), world, worldStartMs + WORLD.toMillis(), observer,
                        ForkedAgentEndToEndIT::enoughDone);
                scales.terminateAll();

                // then the rule has handled every batch message that reached the broker, and every
                // batch is committed at the sink ...
                var rule = cloud.rule();
                await("every batch message at the broker handled by the rule").atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> rule.accepted() + rule.duplicates() + rule.rejected() >= observer.publishes());
                await("every batch at the broker committed by the sink").atMost(Duration.ofMinutes(2))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> uncommitted(cloud, observer.batchIds()), List::isEmpty);
                System.out.printf("%d batches at the broker in %d publishes; the rule stored %d, found %d duplicates%n",
                        observer.batchIds().size(), observer.publishes(), rule.accepted(), rule.duplicates());
                assertThat(observer.batchIds()).as("batches at the broker").isNotEmpty();
                // a batch published again after a kill (no PUBACK had arrived) is a duplicate, stored once
                assertThat(rule.accepted()).as("batches stored").isEqualTo(observer.batchIds().size());
                assertThat(rule.duplicates()).as("batches recognised as already stored")
                        .isEqualTo(observer.publishes() - observer.batchIds().size());
            }

            // ... nothing is left in any outbox, nothing was rejected ...
            for (ForkedScale s : scales.all()) {
                OutboxStatus outbox = outbox(s.outboxFile());
                assertThat(outbox.pendingEntries() + outbox.sealedBatches()).as("%s outbox left", s.tap().deviceId())
                        .isZero();
                assertThat(outbox.droppedEntries()).isZero();
            }
            assertThat(cloud.rule().rejected()).as("rejected messages").isZero();
            assertThat(cloud.rule().failures()).as("sink invocations that threw").isZero();
            assertThat(cloud.rule().connections()).as("rule sessions (one: nothing redelivered to it)").isEqualTo(1);

            // ... each agent booted once more than it was killed, and every boot accepted records ...
            Ledger ledger = new Ledger();
            for (int i = 0; i < taps.size(); i++) {
                ForkedScale s = scales.all().get(i);
                s.accepted().forEach(r -> ledger.accepted(s.tap(), r));
                assertThat(s.bootIds()).as("%s boots that accepted records", s.tap().deviceId())
                        .hasSize(scales.kills(s) + 1);
                assertThat(ledger.readings(s.tap())).as("%s accepted readings", s.tap().deviceId())
                        .hasSizeGreaterThan(MIN_READINGS);
                // one keg life across boots: each boot's readings come after the previous boot's
                assertThat(ledger.readings(s.tap()).stream().mapToLong(r -> r.reading().timestampMs()).toArray())
                        .as("%s reading times across boots", s.tap().deviceId()).isSorted();
                System.out.printf("%s: %d kills (%d as a batch reached the broker), %d boots, %d readings, %d pours "
                        + "accepted, stopped with status %d%n", s.tap().deviceId(), scales.kills(s),
                        scales.killsAtPublish(s), s.bootIds().size(), ledger.readings(s.tap()).size(),
                        ledger.pours(s.tap()).size(), scales.exitStatus(s));
            }
            assertThat(taps).allSatisfy(t -> assertThat(ledger.pours(t)).as("pours at tap %s", t.tapNumber())
                    .isNotEmpty());

            // ... and the tables hold exactly what the agents accepted
            Verification verification = new Verification(cloud.tables().client(), cloud.tables().names(),
                    new Verification.Rules(BarNight.BAR_ZONE, LocalTime.of(6, 0), 15, BarSetup.GRACE_PERIOD_SECS));
            List<Check> checks = new ArrayList<>();
            taps.forEach(t -> checks.addAll(verification.check(BarEvening.LOC_ID, t, ledger)));
            assertThat(checks).as("checks per tap").hasSizeGreaterThanOrEqualTo(2 * 5);
            checks.forEach(System.out::println);
            assertThat(checks).allSatisfy(c -> assertThat(c.actual()).as(c.subject()).isEqualTo(c.expected()));
        }
    }

    /**
     * A life has done enough once its scale accepted more than 60 readings and a pour over all its
     * boots, and its last boot at least ten readings and a batch acknowledged by the broker: up and
     * publishing, so that the stop drains its outbox (a SIGTERM while it still connects leaves the
     * outbox for a next boot, which this test does not make).
     */
    private static boolean enoughDone(ForkedScale scale) {
        Ledger ledger = new Ledger();
        scale.accepted().forEach(r -> ledger.accepted(scale.tap(), r));
        List<Ledger.Sent> readings = ledger.readings(scale.tap());
        if (readings.isEmpty()) {
            return false;
        }
        String lastBoot = readings.get(readings.size() - 1).bootId();
        long inLastBoot = readings.stream().filter(r -> r.bootId().equals(lastBoot)).count();
        return readings.size() > MIN_READINGS && !ledger.pours(scale.tap()).isEmpty()
                && inLastBoot >= READINGS_IN_LAST_BOOT && publishing(scale);
    }

    private static boolean publishing(ForkedScale scale) {
        try {
            var connectivity = new ControlClient(scale.dir().resolve("state/control.sock")).status().connectivity();
            return connectivity.connected() && connectivity.acked() > 0;
        } catch (RuntimeException notAnsweringYet) {
            return false;
        }
    }

    /** The batch_ids without a processed_batches marker: not (yet) committed by the sink. */
    private static List<String> uncommitted(LocalCloud cloud, Iterable<String> batchIds) {
        List<String> missing = new ArrayList<>();
        for (String id : batchIds) {
            Map<String, AttributeValue> item = cloud.tables().client().getItem(b -> b
                    .tableName(cloud.tables().names().processedBatches()).consistentRead(true)
                    .key(Map.of("batch_id", AttributeValue.fromS(id)))).item();
            if (item == null || item.isEmpty()) {
                missing.add(id);
            }
        }
        return missing;
    }

    private static OutboxStatus outbox(Path file) {
        try (Outbox outbox = Outboxes.open(new OutboxConfig(file, 64L << 20), Clock.systemUTC())) {
            return outbox.status();
        }
    }
}
