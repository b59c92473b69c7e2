package com.scalesense.sink.assign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.TareStatus;
import com.scalesense.sink.admin.AssignmentCheck;
import com.scalesense.sink.admin.Beer;
import com.scalesense.sink.admin.BeerLibrary;
import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegAssignment;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.admin.Taps;
import com.scalesense.sink.ingest.IngestResult;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.tables.AssignmentAttrs;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.RecordingCommands;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.validation.InvalidInputException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 17, keg assignment converges: a keg assigned in the cloud is sent to the tap's scale,
 * pending until the scale's readings carry it, sent again by the check until then; a keg the
 * technician assigns on the scale afterwards is adopted, one the scale had before the request is
 * not; a swap the scale noticed unassigns the tap and raises keg_unassigned. On DynamoDB Local,
 * through the sink's own ingestion. Each test fails on the code before issue 17 (no command, no
 * assignment attributes, no adoption, no keg_unassigned alert).
 */
class KegAssignmentIT extends WithLocalDynamo {

    private static final String LOC = Batches.LOC_ID;
    private static final String TAP_CONFIG_SK = "TAP#07";
    /** The keg a technician names with scale-cal keg assign (created in the cloud earlier). */
    private static final String TECH_KEG = "keg-20261121-tech";
    private static final long MINUTE = 60_000;

    SinkHarness sink;
    RecordingCommands commands;
    KegAssigner assigner;
    IngestionService ingestion;

    @BeforeEach
    void bar() {
        sink = new SinkHarness(dynamo, Instant.ofEpochMilli(Batches.T0));
        new SeedLoader(dynamo.client(), sink.names, sink.clock).load(SeedReader.read(Path.of("..", "seeds")));
        new Taps(dynamo.client(), sink.names).create(LOC, "07", "Tap 7");
        new DeviceRegistry(dynamo.client(), sink.names, sink.clock).register(Batches.DEVICE_ID, Batches.HARDWARE_ID, LOC, "07");
        commands = new RecordingCommands();
        assigner = new KegAssigner(dynamo.client(), sink.names, sink.clock, new KegIds(sink.clock, new Random(7)), commands);
        ingestion = sink.service();
        dynamo.client().putItem(p -> p.tableName(sink.names.scaleSense()).item(Map.of("PK", Attr.s("KEG#" + TECH_KEG),
                "SK", Attr.s("META"), "keg_id", Attr.s(TECH_KEG), "loc_id", Attr.s(LOC), "tap_id", Attr.s(Batches.TAP_ID),
                "beer_id", Attr.s("coors-light"), "keg_type", Attr.s("quarter_barrel"), "full_lbs", Attr.n(87.0),
                "empty_lbs", Attr.n(22.0))));
    }

    @Test
    void assigning_a_custom_beer_sends_assign_keg_to_the_taps_scale_and_records_it_pending() {
        new BeerLibrary(dynamo.client(), sink.names, sink.clock)
                .create(new Beer("house-ale", LOC, "House Ale", null, "Pale Ale", 5.2, 1.012));

        KegAssignment a = assigner.assign(LOC, "07", "loc-001#house-ale", "half_barrel");

        assertThat(a.commandSent()).isTrue();
        assertThat(a.status()).isEqualTo("pending");
        assertThat(commands.sent()).singleElement().satisfies(s -> {
            assertThat(s.deviceId()).isEqualTo(Batches.DEVICE_ID);
            assertThat(s.command().commandId()).isEqualTo("assign-" + a.kegId()).isEqualTo(a.commandId());
            assertThat(s.command().type()).isEqualTo("assign_keg");
            assertThat(s.command().args()).containsExactlyInAnyOrderEntriesOf(Map.of("keg_id", a.kegId(),
                    "keg_type", "half_barrel", "beer_id", "loc-001#house-ale", "sg", "1.012"));
            assertThat(s.command().issuedAtMs()).isEqualTo(Batches.T0);
            // the scale's own validator takes it: a custom beer passes the protocol's beer_id rule
            assertThat(new MessageValidator().check(s.command())).isEmpty();
        });
        var tap = tapConfig();
        assertThat(Attr.str(tap, AssignmentAttrs.STATUS)).isEqualTo("pending");
        assertThat(Attr.str(tap, AssignmentAttrs.KEG_ID)).isEqualTo(a.kegId());
        assertThat(Attr.str(tap, AssignmentAttrs.REQUESTED_AT)).isEqualTo("2026-11-21T12:00:00Z");
        assertThat(sink.item("ASSIGN#PENDING", Batches.TAP_ID)).containsEntry("keg_id", Attr.s(a.kegId()));
    }

    @Test
    void another_locations_custom_beer_is_refused_and_nothing_is_written() {
        new BeerLibrary(dynamo.client(), sink.names, sink.clock)
                .create(new Beer("their-ale", "loc-002", "Their Ale", null, null, null, 1.01));

        assertThatThrownBy(() -> assigner.assign(LOC, "07", "loc-002#their-ale", "half_barrel"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("beer_id")
                .hasMessageContaining("custom beer of loc-002");
        assertThat(commands.sent()).isEmpty();
        assertThat(tapConfig()).doesNotContainKey("keg_id");
    }

    @Test
    void a_new_full_keg_is_stored_full_and_every_send_of_its_command_says_so_until_a_keg_not_said_full_replaces_it() {
        commands.refusing = true;
        KegAssignment a = assigner.assign(LOC, "07", "guinness-draught", "half_barrel", null, true);
        commands.refusing = false;
        new AssignmentCheck(dynamo.client(), sink.names, sink.clock, commands).run();

        assertThat(a.full()).isTrue();
        assertThat(Attr.flag(tapConfig(), AssignmentAttrs.FULL)).isTrue();
        assertThat(commands.sent()).singleElement().satisfies(s -> {
            assertThat(s.command().args()).containsEntry("full", "true");
            assertThat(s.command().commandId()).isEqualTo(a.commandId());
            assertThat(new MessageValidator().check(s.command())).isEmpty();
        });

        KegAssignment next = assigner.assign(LOC, "07", "guinness-draught", "half_barrel");
        assertThat(tapConfig()).doesNotContainKey(AssignmentAttrs.FULL);
        // without the flag the command keeps the bytes it had before the flag existed
        assertThat(commands.sent().get(1).command().args()).doesNotContainKey("full");
        assertThat(next.full()).isFalse();
    }

    @Test
    void a_keg_id_the_scale_uses_is_adopted_and_one_of_another_location_is_refused_with_nothing_written() {
        String scalesKeg = "keg-20261120-scal";
        dynamo.client().putItem(p -> p.tableName(sink.names.scaleSense()).item(Map.of("PK", Attr.s("KEG#keg-20261120-thrs"),
                "SK", Attr.s("META"), "keg_id", Attr.s("keg-20261120-thrs"), "loc_id", Attr.s("loc-002"))));

        assertThatThrownBy(() -> assigner.assign(LOC, "07", "guinness-draught", "half_barrel", "keg-20261120-thrs", true))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("keg_id")
                .hasMessageContaining("keg of another location");
        assertThat(commands.sent()).isEmpty();
        assertThat(tapConfig()).doesNotContainKeys("keg_id", AssignmentAttrs.FULL);

        KegAssignment a = assigner.assign(LOC, "07", "guinness-draught", "half_barrel", scalesKeg, true);
        assertThat(a.kegId()).isEqualTo(scalesKeg);
        assertThat(commands.sent()).singleElement().satisfies(s -> assertThat(s.command().args())
                .containsEntry("keg_id", scalesKeg).containsEntry("full", "true"));
        assertThat(Attr.str(sink.item("KEG#" + scalesKeg, "META"), "loc_id")).isEqualTo(LOC);
    }

    @Test
    void readings_carrying_the_new_keg_apply_it_from_the_earliest_such_reading_whatever_the_delivery_order() {
        KegAssignment a = assigner.assign(LOC, "07", "guinness-draught", "half_barrel");

        ingest(batch(Batches.KEG_ID, Batches.T0 + MINUTE, 3));           // the scale has not got it yet
        assertThat(Attr.str(tapConfig(), AssignmentAttrs.STATUS)).isEqualTo("pending");

        ingest(batch(a.kegId(), Batches.T0 + 20 * MINUTE, 3));
        ingest(batch(a.kegId(), Batches.T0 + 20 * MINUTE, 3));           // redelivered
        var applied = tapConfig();
        assertThat(Attr.str(applied, AssignmentAttrs.STATUS)).isEqualTo("applied");
        assertThat(Attr.num(applied, AssignmentAttrs.AT_MS)).isEqualTo(Batches.T0 + 20 * MINUTE);

        ingest(batch(a.kegId(), Batches.T0 + 10 * MINUTE, 3));           // an earlier batch, delivered late
        assertThat(Attr.num(tapConfig(), AssignmentAttrs.AT_MS)).isEqualTo(Batches.T0 + 10 * MINUTE);
        assertThat(Attr.str(tapConfig(), "keg_id")).isEqualTo(a.kegId());
        assertThat(Attr.str(sink.item("LOCATION#" + LOC, "TAP#07#STATE"), "keg_id")).isEqualTo(a.kegId());
    }

    @Test
    void the_check_sends_a_pending_assignment_again_with_the_same_command_id_until_it_is_applied() {
        commands.refusing = true;
        KegAssignment a = assigner.assign(LOC, "07", "guinness-draught", "half_barrel");
        assertThat(a.commandSent()).isFalse();
        commands.refusing = false;
        AssignmentCheck check = new AssignmentCheck(dynamo.client(), sink.names, sink.clock, commands);

        var first = check.run();
        var second = check.run();
        ingest(batch(a.kegId(), Batches.T0 + MINUTE, 2));
        var afterApplied = check.run();

        assertThat(first).isEqualTo(new AssignmentCheck.Report(1, 0, 0, 0));
        assertThat(second.sent()).isEqualTo(1);
        assertThat(commands.sent()).hasSize(2).extracting(s -> s.command().commandId())
                .containsOnly(a.commandId());
        assertThat(commands.sent().get(1).command()).isEqualTo(commands.sent().get(0).command());
        assertThat(afterApplied).isEqualTo(new AssignmentCheck.Report(0, 0, 0, 1));
        assertThat(sink.item("ASSIGN#PENDING", Batches.TAP_ID)).isNull();
        assertThat(Attr.num(tapConfig(), AssignmentAttrs.SENDS)).isEqualTo(2);
    }

    @Test
    void a_cloud_request_wins_over_the_keg_the_technician_assigned_on_the_scale_before_it_arrived() {
        // The technician assigns TECH_KEG on the scale while the cloud's command is on its way: the
        // scale's readings carry TECH_KEG first, then (the command applied) the cloud's keg.
        KegAssignment a = assigner.assign(LOC, "07", "guinness-draught", "half_barrel");

        ingest(batch(TECH_KEG, Batches.T0 + 5 * MINUTE, 3));
        assertThat(Attr.str(tapConfig(), "keg_id")).isEqualTo(a.kegId());
        assertThat(Attr.str(tapConfig(), AssignmentAttrs.STATUS)).isEqualTo("pending");
        ingest(batch(a.kegId(), Batches.T0 + 10 * MINUTE, 3));

        var tap = tapConfig();
        assertThat(Attr.str(tap, "keg_id")).isEqualTo(a.kegId());
        assertThat(Attr.str(tap, AssignmentAttrs.STATUS)).isEqualTo("applied");
        assertThat(Attr.str(tap, AssignmentAttrs.SOURCE)).isEqualTo("cloud");
    }

    @Test
    void the_technicians_keg_assigned_after_the_cloud_request_was_applied_is_adopted_by_the_cloud() {
        KegAssignment a = assigner.assign(LOC, "07", "guinness-draught", "half_barrel");
        ingest(batch(a.kegId(), Batches.T0 + 5 * MINUTE, 3));

        ingest(batch(TECH_KEG, Batches.T0 + 20 * MINUTE, 3));
        ingest(batch(TECH_KEG, Batches.T0 + 20 * MINUTE, 3));            // redelivered
        ingest(batch(a.kegId(), Batches.T0 + 10 * MINUTE, 3));           // older, delivered late: no undo

        var tap = tapConfig();
        assertThat(Attr.str(tap, "keg_id")).isEqualTo(TECH_KEG);
        assertThat(Attr.str(tap, "beer_id")).isEqualTo("coors-light");
        assertThat(Attr.str(tap, "keg_type")).isEqualTo("quarter_barrel");
        assertThat(Attr.dec(tap, "full_lbs")).isEqualTo(87.0);
        assertThat(Attr.str(tap, AssignmentAttrs.STATUS)).isEqualTo("applied");
        assertThat(Attr.str(tap, AssignmentAttrs.SOURCE)).isEqualTo("scale");
        assertThat(Attr.num(tap, AssignmentAttrs.AT_MS)).isEqualTo(Batches.T0 + 22 * MINUTE);
        assertThat(tap).doesNotContainKey(AssignmentAttrs.COMMAND_ID);
        assertThat(new AssignmentCheck(dynamo.client(), sink.names, sink.clock, commands).run().sent()).isZero();
    }

    @Test
    void a_swap_the_scale_noticed_unassigns_the_tap_and_raises_keg_unassigned_until_a_new_keg_is_applied() {
        KegAssignment first = assigner.assign(LOC, "07", "guinness-draught", "half_barrel");
        ingest(batch(first.kegId(), Batches.T0 + 5 * MINUTE, 3));

        long swapAt = Batches.T0 + 30 * MINUTE;
        var swap = new DeviceEvent.KegSwap(swapAt, true, first.kegId(), null, 160.9);
        ingest(withKeg(Batches.of(List.of(pending(swapAt), pending(swapAt + MINUTE)), List.of(swap)), null));

        var tap = tapConfig();
        assertThat(tap).doesNotContainKeys("keg_id", "beer_id", AssignmentAttrs.STATUS);
        assertThat(Attr.str(tap, AssignmentAttrs.UNASSIGNED_AT)).isEqualTo("2026-11-21T12:31:00Z");
        var state = sink.item("LOCATION#" + LOC, "TAP#07#STATE");
        assertThat(state).doesNotContainKey("keg_id");
        assertThat(Attr.str(state, "tare_status")).isEqualTo("pending");
        assertThat(Attr.str(alert(), "status")).isEqualTo("firing");

        sink.clock.set(Instant.ofEpochMilli(swapAt + 5 * MINUTE));
        KegAssignment next = assigner.assign(LOC, "07", "modelo-especial", "half_barrel");
        ingest(batch(next.kegId(), swapAt + 10 * MINUTE, 2));

        assertThat(Attr.str(tapConfig(), "keg_id")).isEqualTo(next.kegId());
        assertThat(Attr.str(tapConfig(), AssignmentAttrs.STATUS)).isEqualTo("applied");
        assertThat(Attr.str(alert(), "status")).isEqualTo("resolved");
    }

    private Map<String, AttributeValue> tapConfig() {
        return sink.item("LOCATION#" + LOC, TAP_CONFIG_SK);
    }

    private Map<String, AttributeValue> alert() {
        return sink.item("ALERT#" + LOC, "ACTIVE#keg_unassigned#TAP#07");
    }

    private void ingest(ReadingsBatch b) {
        assertThat(ingestion.ingest(b, b.deviceId())).isIn(IngestResult.ACCEPTED, IngestResult.DUPLICATE);
    }

    /** A full keg just set down, as the scale reports it before anyone names it. */
    private static Reading pending(long ts) {
        Reading r = Batches.reading(ts, 100, 80);
        return new Reading(ts, r.levelPct(), r.gallons(), r.weightLbs(), r.pintsLeft(), null, null, r.batteryV(),
                r.batteryPct(), r.temperatureC(), r.sensorStatus(), true, KegState.STABLE, TareStatus.PENDING);
    }

    private static ReadingsBatch batch(String kegId, long startMs, int count) {
        return withKeg(Batches.of(Batches.series(startMs, count, 80, 0)), kegId);
    }

    private static ReadingsBatch withKeg(ReadingsBatch b, String kegId) {
        return new ReadingsBatch(b.schemaVersion(), b.hardwareId(), b.deviceId(), b.bootId(), b.firmwareVersion(),
                b.batchId(), b.locId(), b.tapId(), kegId, b.readings(), b.events());
    }
}
