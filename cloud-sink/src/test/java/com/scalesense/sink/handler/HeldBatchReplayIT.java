package com.scalesense.sink.handler;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.admin.AssignmentCheck;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.handler.MessageRouter.Outcome;
import com.scalesense.sink.rejection.RejectionMetrics;
import com.scalesense.sink.store.dynamo.DynamoRejections;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.RecordingCommands;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A valid batch refused only by a registration an operator can fix was lost for good: the agent had
 * its PUBACK and dropped it, the quarantine kept 512 bytes. Now it is held whole and let in once the
 * registration is fixed, through the same ingestion path: exactly once, never rolling state back.
 */
class HeldBatchReplayIT extends WithLocalDynamo {

    private static final Instant NOW = Instant.ofEpochMilli(T0 + 7_200_000);
    /** A keg id set on the scale that the cloud was never told about (no KEG#/META). */
    private static final String UNKNOWN_KEG = "keg-20261120-tech";
    private static final String NEW_HW = "AA:BB:CC:DD:EE:43";
    private static final String NEW_DEVICE = "SCALE-0043";

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private record World(SinkHarness sink, DynamoRejections quarantine, MessageRouter router, AdminCli cli) {

        Outcome route(ReadingsBatch b) {
            return router.route(Messages.bytes(Messages.batchEvent(b, b.deviceId()))).outcome();
        }

        List<Map<String, AttributeValue>> rejections(String deviceId) {
            return sink.dump().entrySet().stream().filter(e -> e.getKey().startsWith("scale-sense | REJECTED#" + deviceId + " "))
                    .map(Map.Entry::getValue).toList();
        }

        long readings(String hardwareId) {
            return sink.dump().keySet().stream().filter(k -> k.startsWith("device_readings | " + hardwareId + " ")).count();
        }

        Map<String, AttributeValue> tapState() {
            var k = Keys.tapState(Batches.LOC_ID, "07");
            return sink.item(k.pk(), k.sk());
        }
    }

    /** The harness's tables with the seeds and tap 07; SCALE-0042 has DEVICE#/META on it and keg KEG_ID. */
    private World world(List<Double> putUnits) {
        var sink = new SinkHarness(dynamo, NOW);
        var quarantine = new DynamoRejections(dynamo.client(), sink.names, putUnits::add);
        var cli = new AdminCli(dynamo.client(), Map.of("SCALESENSE_TABLE_PREFIX", sink.names.prefix()), sink.clock,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(cli.run(new String[] {"seed", "../seeds"})).isZero();
        assertThat(cli.run(new String[] {"tap", "create", Batches.LOC_ID, "07", "Tap 7"})).isZero();
        return new World(sink, quarantine, new MessageRouter(WireCodec.forRuleEvents(), sink.service(), sink.clock,
                quarantine, null), cli);
    }

    private static ReadingsBatch batch(String hardwareId, String deviceId, String kegId, long startMs, double level) {
        return Batches.forTap(hardwareId, deviceId, Batches.TAP_ID, kegId, Batches.series(startMs, 3, level, 1));
    }

    @Test
    void holds_a_batch_of_an_unknown_keg_and_lets_it_in_once_after_the_keg_is_assigned_without_rolling_the_tap_back() {
        // given SCALE-0042 registered on tap 07 and a batch of a keg the cloud was never told about
        var w = world(new ArrayList<>());
        assertThat(w.cli.run(new String[] {"device", "register", Batches.DEVICE_ID, Batches.HARDWARE_ID, Batches.LOC_ID, "07"}))
                .isZero();
        var older = batch(Batches.HARDWARE_ID, Batches.DEVICE_ID, UNKNOWN_KEG, T0, 60);
        assertThat(w.route(older)).isEqualTo(Outcome.REJECTED);
        assertThat(w.rejections(Batches.DEVICE_ID)).singleElement().satisfies(item -> {
            assertThat(item.get("rule").s()).isEqualTo("registry.keg_id");
            assertThat(item.get("hold_status").s()).isEqualTo("held");
            assertThat(item).containsKey("payload_gzip");
        });
        assertThat(w.readings(Batches.HARDWARE_ID)).isZero();

        // when the keg is assigned under the scale's id through the API's KegAssigner (no replay of its
        // own), a newer batch comes in, then the 5-minute check's sweep runs
        new KegAssigner(dynamo.client(), w.sink.names, w.sink.clock, new KegIds(w.sink.clock, new Random(7)))
                .assign(Batches.LOC_ID, "07", "lagunitas-ipa", "sixth_barrel", UNKNOWN_KEG, false);
        var newer = batch(Batches.HARDWARE_ID, Batches.DEVICE_ID, UNKNOWN_KEG, T0 + 3_600_000, 50);
        assertThat(w.route(newer)).isEqualTo(Outcome.ACCEPTED);
        var replay = new HeldBatchReplay(w.quarantine, w.sink.service(), w.sink.clock);
        var emf = new ByteArrayOutputStream();
        var report = new AssignmentCheckHandler(new AssignmentCheck(dynamo.client(), w.sink.names, w.sink.clock,
                new RecordingCommands()), replay, new RejectionMetrics(new PrintStream(emf, true, StandardCharsets.UTF_8)),
                w.sink.clock).handleRequest(null, null);

        // then the older batch's readings are in once, the tap state stays the newer batch's,
        // the record says replayed without its payload, and the device left the work list
        assertThat(report).containsEntry("held_devices", 1).containsEntry("held_let_in", 1).containsEntry("held_refused", 0);
        assertThat(emf.toString(StandardCharsets.UTF_8)).contains("\"HeldBatches\":0");
        assertThat(w.readings(Batches.HARDWARE_ID)).isEqualTo(6);
        assertThat(w.tapState().get("updated_at_ms").n())
                .isEqualTo(String.valueOf(newer.readings().get(2).timestampMs()));
        assertThat(w.rejections(Batches.DEVICE_ID)).singleElement().satisfies(item -> {
            assertThat(item.get("hold_status").s()).isEqualTo("replayed");
            assertThat(item.get("replay_outcome").s()).isEqualTo("accepted");
            assertThat(item).doesNotContainKey("payload_gzip");
        });
        assertThat(w.sink.item(Keys.HELD_DEVICES, Batches.DEVICE_ID)).isNull();

        // and replaying again, by sweep or by hand, writes nothing
        var before = w.sink.dump();
        assertThat(replay.sweep()).isEqualTo(new HeldBatchReplay.SweepReport(0, 0, 0));
        assertThat(w.cli.run(new String[] {"rejections", "replay", Batches.DEVICE_ID})).isZero();
        assertThat(w.sink.differencesFrom(before)).isEmpty();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("no held batch of " + Batches.DEVICE_ID);
    }

    @Test
    void holds_a_batch_of_an_unregistered_scale_and_device_register_lets_it_in_once() {
        // given a scale that sends before an operator registered it
        var w = world(new ArrayList<>());
        var b = batch(NEW_HW, NEW_DEVICE, Batches.KEG_ID, T0, 60);
        assertThat(w.route(b)).isEqualTo(Outcome.REJECTED);
        // a redelivery of the same message in the same millisecond lands on the same quarantine item
        assertThat(w.route(b)).isEqualTo(Outcome.REJECTED);
        assertThat(w.rejections(NEW_DEVICE)).hasSize(1).allSatisfy(item -> {
            assertThat(item.get("rule").s()).isEqualTo("registry.unregistered");
            assertThat(item.get("hold_status").s()).isEqualTo("held");
        });

        // when the operator registers it
        assertThat(w.cli.run(new String[] {"device", "register", NEW_DEVICE, NEW_HW, Batches.LOC_ID, "07"})).isZero();

        // then the command says what it let in, and the readings are there once
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("let in         " + b.batchId() + "  accepted",
                "held batches of " + NEW_DEVICE + ": 1 let in, 0 still refused");
        assertThat(w.readings(NEW_HW)).isEqualTo(3);

        // and a replay by hand writes nothing the second time
        var before = w.sink.dump();
        assertThat(w.cli.run(new String[] {"rejections", "replay", NEW_DEVICE, b.batchId()})).isZero();
        assertThat(w.sink.differencesFrom(before)).isEmpty();
        assertThat(w.cli.run(new String[] {"rejections", NEW_DEVICE})).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("no held batch of " + NEW_DEVICE + " with batch_id")
                .contains("registry.unregistered  replayed");
    }

    @Test
    void a_state_message_refused_only_by_the_registration_is_kept_but_not_held() {
        // its batch carries the same records and is held itself; the state message alone would replay nothing new
        var w = world(new ArrayList<>());
        var state = batch(NEW_HW, NEW_DEVICE, Batches.KEG_ID, T0, 60);

        assertThat(w.router.route(Messages.bytes(Messages.withTopic(Messages.json(state), Topics.state(NEW_DEVICE))))
                .outcome()).isEqualTo(Outcome.REJECTED);

        assertThat(w.rejections(NEW_DEVICE)).singleElement().satisfies(item -> {
            assertThat(item.get("rule").s()).isEqualTo("registry.unregistered");
            assertThat(item).doesNotContainKeys("hold_status", "payload_gzip");
        });
        assertThat(w.sink.item(Keys.HELD_DEVICES, NEW_DEVICE)).isNull();
    }

    @Test
    void holds_a_moved_scale_but_not_an_invalid_or_foreign_keg_batch_and_a_still_refused_batch_keeps_its_payload() {
        // given SCALE-0042 on tap 07 of loc-001 and a keg of another bar
        var units = new ArrayList<Double>();
        var w = world(units);
        w.sink.keg("keg-20261101-b2c3", "loc-002", "loc-002#TAP#01");
        var invalid = batch(Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.KEG_ID, T0, 150);
        var foreign = batch(Batches.HARDWARE_ID, Batches.DEVICE_ID, "keg-20261101-b2c3", T0, 60);
        var moved = Batches.forTap(Batches.HARDWARE_ID, Batches.DEVICE_ID, "loc-001#TAP#03", null,
                Batches.series(T0 + 600_000, 100, 60, 0.01));

        // when an invalid batch, a batch of a foreign keg and a full batch naming another tap arrive
        assertThat(List.of(w.route(invalid), w.route(foreign), w.route(moved))).containsOnly(Outcome.REJECTED);

        // then only the moved scale's batch is held
        var byRule = new java.util.TreeMap<String, Map<String, AttributeValue>>();
        w.rejections(Batches.DEVICE_ID).forEach(item -> byRule.put(item.get("rule").s(), item));
        assertThat(byRule.keySet()).containsExactly("invalid", "registry.keg_id", "registry.tap_id");
        assertThat(byRule.get("invalid")).doesNotContainKeys("hold_status", "payload_gzip");
        assertThat(byRule.get("registry.keg_id")).doesNotContainKeys("hold_status", "payload_gzip");
        assertThat(byRule.get("registry.tap_id").get("hold_status").s()).isEqualTo("held");

        // and a replay while the registration is unchanged lets nothing in and keeps the payload
        assertThat(w.cli.run(new String[] {"rejections", "replay", Batches.DEVICE_ID})).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("still refused  " + moved.batchId() + "  [registry.tap_id]");
        assertThat(w.readings(Batches.HARDWARE_ID)).isZero();
        assertThat(w.rejections(Batches.DEVICE_ID)).filteredOn(i -> i.containsKey("hold_status")).singleElement()
                .satisfies(item -> assertThat(item).containsKey("payload_gzip").doesNotContainKey("retries"));

        // and when the scale is then registered at another bar, the sweep keeps it held under its new reason
        w.sink.registerDevice(Batches.DEVICE_ID, Batches.HARDWARE_ID, "loc-002", "loc-002#TAP#01");
        assertThat(new HeldBatchReplay(w.quarantine, w.sink.service(), w.sink.clock).sweep())
                .isEqualTo(new HeldBatchReplay.SweepReport(1, 0, 1));
        assertThat(w.rejections(Batches.DEVICE_ID)).filteredOn(i -> i.containsKey("hold_status")).singleElement()
                .satisfies(item -> {
                    assertThat(item.get("hold_status").s()).isEqualTo("held");
                    assertThat(item.get("rule").s()).isEqualTo("registry.loc_id");
                    assertThat(item.get("reason").s()).contains("loc_id = loc-001", "must be loc-002");
                    assertThat(item.get("retries").n()).isEqualTo("1");
                    assertThat(item).containsKey("payload_gzip");
                });
        assertThat(w.readings(Batches.HARDWARE_ID)).isZero();

        // Cost of holding (docs/cloud.md): write units DynamoDB Local reported for each put, in route order.
        int rawBytes = Messages.bytes(Messages.batchEvent(moved, Batches.DEVICE_ID)).length;
        System.out.printf("quarantine put write units: invalid 3-reading excerpt only %s, foreign-keg 3-reading excerpt"
                + " only %s, held 100-reading batch (%d bytes raw, %d gzip) %s%n", units.get(0), units.get(1), rawBytes,
                byRule.get("registry.tap_id").get("payload_gzip").b().asByteArray().length, units.get(2));
    }
}
