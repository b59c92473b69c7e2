package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.TareStatus;
import com.scalesense.sink.BatchIdReusedException;
import com.scalesense.sink.tables.PackedRows;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class IngestionIT extends WithLocalDynamo {

    private static final Instant RECEIVED = Instant.ofEpochMilli(T0 + 3_600_000);
    private SinkHarness sink;


    @BeforeEach
    void freshTables() {
        sink = new SinkHarness(dynamo, RECEIVED);
    }

    @Test
    void writes_readings_marker_tap_state_telemetry_device_and_summary_for_one_batch() {
        var batch = Batches.of(Batches.series(T0, 3, 60, 1), List.of(Batches.pour(T0 + 30_000, 16)));

        var result = sink.service().ingest(batch, Batches.DEVICE_ID);

        assertThat(result).isEqualTo(IngestResult.ACCEPTED);
        var items = sink.dump();
        assertThat(items.keySet()).filteredOn(k -> k.startsWith("device_readings")).hasSize(3);
        assertThat(items).containsKey("processed_batches | " + batch.batchId());
        assertThat(items.get("processed_batches | " + batch.batchId()).get("received_at").s())
                .isEqualTo("2026-11-21T13:00:00Z");
        var state = sink.item("LOCATION#loc-001", "TAP#07#STATE");
        assertThat(state.get("level_pct").n()).isEqualTo("58");
        assertThat(state.get("updated_at_ms").n()).isEqualTo(Long.toString(T0 + 2 * INTERVAL_MS));
        var summary = sink.item("LOCATION#loc-001", "DAY#2026-11-21#TAP#07");
        assertThat(summary.get("pours").n()).isEqualTo("1");
        assertThat(summary.get("gallons").n()).isEqualTo("0.125");
        assertThat(summary.get("counted_batches").ss()).as("a synced pour counts by its own guard (C1)").hasSize(1);
        var packed = sink.item("READINGS#keg#" + Batches.KEG_ID, "2026-11-21T12:00:00.000Z");
        assertThat(packed.get("count").n()).isEqualTo("3");
        assertThat(PackedRows.text(packed)).startsWith("0,60,9.3,108.5,80,4.1;60000,59,");
        assertThat(packed).containsKey(PackedRows.GZ).doesNotContainKey(PackedRows.TEXT);
        // Pours packed like the readings (issue 18): end, start and end offsets from the first reading, oz, ml, synced.
        assertThat(PackedRows.text(packed, PackedRows.POURS)).isEqualTo("30000,22000,30000,16,473.2,1");
        assertThat(packed).doesNotContainKey("events");
        var device = items.get("devices | " + Batches.HARDWARE_ID);
        assertThat(device.get("gsi1pk").s()).isEqualTo("devices");
        assertThat(device.get("gsi1sk").s()).isEqualTo("2026-11-21T13:00:00Z");
    }

    @Test
    void a_state_message_moves_the_tap_state_at_once_and_writes_nothing_else() {
        // Issue 18: a pour's end reaches TAP#STATE at once, for one write unit; its batch comes later.
        var pourEnd = Batches.of(List.of(Batches.reading(T0 + 30_000, 58, 80)), List.of(Batches.pour(T0 + 30_000, 16)));
        var before = sink.dump();
        long unitsBefore = sink.meter.computedUnits();

        sink.service().state(pourEnd, Batches.DEVICE_ID);

        assertThat(sink.differencesFrom(before)).singleElement().asString().contains("TAP#07#STATE");
        assertThat(sink.item("LOCATION#loc-001", "TAP#07#STATE").get("updated_at_ms").n()).isEqualTo(Long.toString(T0 + 30_000));
        assertThat(sink.meter.computedUnits() - unitsBefore).isEqualTo(1);
    }

    @Test
    void a_disturbed_reading_without_a_level_leaves_the_tap_state_at_the_last_level_in_any_order() {
        // issue 12, sixth round: a reading taken while a load moved during a pour carries no level. As the newest
        // reading of a batch it removed level_pct from TAP#STATE (an absent attribute means unknown) until the
        // next batch, up to two hours later; it says nothing of the tap's level, so the tap state skips it
        var older = Batches.of(Batches.series(T0, 2, 70, 1));
        var newer = Batches.of(List.of(Batches.reading(T0 + 10 * INTERVAL_MS, 60, 80),
                Batches.disturbedWithoutLevel(T0 + 11 * INTERVAL_MS, 80)));
        var stateOnly = Batches.of(List.of(Batches.disturbedWithoutLevel(T0 + 12 * INTERVAL_MS, 80)));
        var reversed = new SinkHarness(dynamo, RECEIVED);

        sink.service().ingest(older, Batches.DEVICE_ID);
        sink.service().ingest(newer, Batches.DEVICE_ID);
        sink.service().state(stateOnly, Batches.DEVICE_ID);
        reversed.service().state(stateOnly, Batches.DEVICE_ID);
        reversed.service().ingest(newer, Batches.DEVICE_ID);
        reversed.service().ingest(older, Batches.DEVICE_ID);

        var state = sink.item("LOCATION#loc-001", "TAP#07#STATE");
        assertThat(state.get("level_pct").n()).isEqualTo("60");
        assertThat(state.get("keg_state").s()).isEqualTo("stable");
        assertThat(state.get("updated_at_ms").n()).isEqualTo(Long.toString(T0 + 10 * INTERVAL_MS));
        assertThat(reversed.item("LOCATION#loc-001", "TAP#07#STATE")).isEqualTo(state);
        // the reading itself is kept like any other
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("device_readings")).hasSize(4);
    }

    @Test
    void state_messages_and_their_batch_in_any_order_leave_the_tap_state_of_the_batch_alone() {
        var pourEnd = Batches.of(List.of(Batches.reading(T0 + 30_000, 58, 80)), List.of(Batches.pour(T0 + 30_000, 16)));
        var batch = Batches.of(List.of(Batches.reading(T0, 59, 80), Batches.reading(T0 + 30_000, 58, 80),
                Batches.reading(T0 + 90_000, 58, 80)), List.of(Batches.pour(T0 + 30_000, 16)));
        var alone = new SinkHarness(dynamo, RECEIVED);
        alone.service().ingest(batch, Batches.DEVICE_ID);
        var service = sink.service();

        service.state(pourEnd, Batches.DEVICE_ID);
        service.ingest(batch, Batches.DEVICE_ID);
        service.state(pourEnd, Batches.DEVICE_ID); // redelivered late: older than the batch's newest reading

        assertThat(sink.item("LOCATION#loc-001", "TAP#07#STATE")).isEqualTo(alone.item("LOCATION#loc-001", "TAP#07#STATE"));
        assertThat(sink.differencesFrom(alone.dump())).isEmpty();
    }

    @Test
    void a_batch_ending_at_the_reading_its_state_message_brought_does_not_pay_for_tap_state_again() {
        // A write the newer-only condition refuses is billed all the same; the context read shows it.
        var pourEnd = Batches.of(List.of(Batches.reading(T0 + 30_000, 58, 80)), List.of(Batches.pour(T0 + 30_000, 16)));
        var batch = Batches.of(List.of(Batches.reading(T0, 59, 80), Batches.reading(T0 + 30_000, 58, 80)),
                List.of(Batches.pour(T0 + 30_000, 16)));
        var alone = new SinkHarness(dynamo, RECEIVED);
        alone.service().ingest(batch, Batches.DEVICE_ID);
        var service = sink.service();
        service.state(pourEnd, Batches.DEVICE_ID);
        long afterState = sink.meter.computedUnits();

        service.ingest(batch, Batches.DEVICE_ID);

        assertThat(sink.meter.computedUnits() - afterState).isEqualTo(alone.meter.computedUnits() - 1);
        assertThat(sink.item("LOCATION#loc-001", "TAP#07#STATE")).isEqualTo(alone.item("LOCATION#loc-001", "TAP#07#STATE"));
    }

    @Test
    void a_state_message_for_another_tap_is_rejected_and_writes_nothing() {
        var other = Batches.of(Batches.HARDWARE_ID, Batches.DEVICE_ID, List.of(Batches.reading(T0, 58, 80)), List.of());
        var foreign = new ReadingsBatch(other.schemaVersion(), other.hardwareId(), other.deviceId(), other.bootId(),
                other.firmwareVersion(), other.batchId(), other.locId(), "loc-001#TAP#08", other.kegId(),
                other.readings(), other.events());
        var before = sink.dump();

        assertThatThrownBy(() -> sink.service().state(foreign, Batches.DEVICE_ID))
                .isInstanceOf(com.scalesense.sink.RejectedMessageException.class).hasMessageContaining("tap_id");
        assertThat(sink.differencesFrom(before)).isEmpty();
    }

    @Test
    void duplicate_delivery_leaves_the_same_tables_as_one_delivery() {
        var batch = Batches.of(Batches.series(T0, 5, 60, 1), List.of(Batches.pour(T0 + 30_000, 16)));
        var service = sink.service();
        service.ingest(batch, Batches.DEVICE_ID);
        var once = sink.dump();

        sink.clock.set(RECEIVED.plusSeconds(600));
        var again = service.ingest(batch, Batches.DEVICE_ID);

        assertThat(again).isEqualTo(IngestResult.DUPLICATE);
        assertThat(sink.differencesFrom(once)).isEmpty();
    }

    @Test
    void telemetry_is_rewritten_every_5_minutes_or_at_once_when_a_sensor_status_changes() {
        // Guards issue 18 "each batch pays a fixed 5.6 units": every batch rewrote TELEMETRY, where
        // seed 000 writes it every 5 minutes; with a pour's end sealing its batch at once, batches
        // come minutes apart in opening hours.
        var service = sink.service();
        service.ingest(Batches.of(Batches.series(T0, 2, 70, 1)), Batches.DEVICE_ID);
        long written = T0 + INTERVAL_MS;

        // when a batch follows within 5 minutes of reading time, with nothing new for TELEMETRY
        service.ingest(Batches.of(Batches.series(T0 + 3 * INTERVAL_MS, 2, 68, 1)), Batches.DEVICE_ID);
        // then TELEMETRY keeps its item, while the tap state moves on
        assertThat(sink.item("DEVICE#SCALE-0042", "TELEMETRY").get("updated_at_ms").n())
                .isEqualTo(Long.toString(written));
        assertThat(sink.item("LOCATION#loc-001", "TAP#07#STATE").get("updated_at_ms").n())
                .isEqualTo(Long.toString(T0 + 4 * INTERVAL_MS));

        // when the load cell fails a minute later: written at once
        service.ingest(Batches.of(List.of(Batches.sensorError(T0 + 5 * INTERVAL_MS, 80))), Batches.DEVICE_ID);
        var failed = sink.item("DEVICE#SCALE-0042", "TELEMETRY");
        assertThat(failed.get("updated_at_ms").n()).isEqualTo(Long.toString(T0 + 5 * INTERVAL_MS));
        assertThat(failed.get("sensor_status").m().get("hx711").s()).isEqualTo("error");

        // when 5 minutes of reading time have passed with nothing new: written again
        service.ingest(Batches.of(List.of(Batches.sensorError(T0 + 10 * INTERVAL_MS, 79))), Batches.DEVICE_ID);
        assertThat(sink.item("DEVICE#SCALE-0042", "TELEMETRY").get("updated_at_ms").n())
                .isEqualTo(Long.toString(T0 + 10 * INTERVAL_MS));
    }

    @Test
    void older_batch_after_newer_keeps_the_newer_tap_state_and_telemetry() {
        var older = Batches.of(Batches.series(T0, 2, 70, 1));
        var newer = Batches.of(Batches.series(T0 + 10 * INTERVAL_MS, 2, 50, 1));
        var service = sink.service();

        service.ingest(newer, Batches.DEVICE_ID);
        service.ingest(older, Batches.DEVICE_ID);

        var state = sink.item("LOCATION#loc-001", "TAP#07#STATE");
        assertThat(state.get("level_pct").n()).isEqualTo("49");
        var telemetry = sink.item("DEVICE#SCALE-0042", "TELEMETRY");
        assertThat(telemetry.get("updated_at_ms").n()).isEqualTo(Long.toString(T0 + 11 * INTERVAL_MS));
        // Both batches are still stored in full: stale means "not the latest", not "lost".
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("device_readings")).hasSize(4);
    }

    @Test
    void reordered_deliveries_leave_the_same_tables_as_in_order_deliveries() {
        List<ReadingsBatch> batches = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            batches.add(Batches.of(Batches.series(T0 + i * 5 * INTERVAL_MS, 5, 90 - i * 5, 1),
                    List.of(Batches.pour(T0 + i * 5 * INTERVAL_MS + 1_000, 12))));
        }
        var inOrder = new SinkHarness(dynamo, RECEIVED);
        batches.forEach(b -> inOrder.service().ingest(b, Batches.DEVICE_ID));

        var service = sink.service();
        for (int i : new int[] {3, 1, 0, 2}) {
            service.ingest(batches.get(i), Batches.DEVICE_ID);
        }

        assertThat(sink.differencesFrom(inOrder.dump())).isEmpty();
    }

    @Test
    void a_re_put_of_the_same_batch_writes_a_byte_identical_packed_item() {
        // given the same batch put into two empty sets of tables, as a redelivery after a crash re-puts it
        var batch = Batches.of(Batches.series(T0, 100, 90, 0.5), List.of(Batches.pour(T0 + 30_000, 16)));
        sink.service().ingest(batch, Batches.DEVICE_ID);
        var again = new SinkHarness(dynamo, RECEIVED);
        again.service().ingest(batch, Batches.DEVICE_ID);

        var first = sink.item("READINGS#keg#" + Batches.KEG_ID, "2026-11-21T12:00:00.000Z");
        var second = again.item("READINGS#keg#" + Batches.KEG_ID, "2026-11-21T12:00:00.000Z");

        byte[] gz = first.get(PackedRows.GZ).b().asByteArray();
        assertThat(second.get(PackedRows.GZ).b().asByteArray()).isEqualTo(gz);
        assertThat(second).isEqualTo(first);
        // gzip with no name, mtime 0 and OS 255 (RFC 1952), whatever the JDK writes by default
        assertThat(java.util.Arrays.copyOf(gz, 10)).containsExactly(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
    }

    @Test
    void concurrent_deliveries_of_one_batch_write_one_marker_and_count_pours_once() throws Exception {
        var batch = Batches.of(Batches.series(T0, 10, 60, 1),
                List.of(Batches.pour(T0 + 30_000, 16), Batches.pour(T0 + 90_000, 12)));
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<IngestResult>> deliveries = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                deliveries.add(() -> sink.service().ingest(batch, Batches.DEVICE_ID));
            }
            List<IngestResult> results = new ArrayList<>();
            for (Future<IngestResult> f : pool.invokeAll(deliveries, 60, TimeUnit.SECONDS)) {
                results.add(f.get());
            }

            assertThat(results).containsOnlyOnce(IngestResult.ACCEPTED);
        } finally {
            pool.shutdownNow();
        }
        var summary = sink.item("LOCATION#loc-001", "DAY#2026-11-21#TAP#07");
        assertThat(summary.get("pours").n()).isEqualTo("2");
        assertThat(summary.get("volume_oz").n()).isEqualTo("28");
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("processed_batches")).hasSize(1);
    }

    @Test
    void concurrent_different_batches_of_one_tap_all_commit_and_every_pour_counts() throws Exception {
        // Each batch flips the battery alert, so the writers race on the same ACTIVE item and must retry.
        List<ReadingsBatch> batches = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            long start = T0 + i * 10 * INTERVAL_MS;
            batches.add(Batches.of(List.of(Batches.reading(start, 50, i % 2 == 0 ? 10 : 90)),
                    List.of(Batches.pour(start, 10))));
        }
        ExecutorService pool = Executors.newFixedThreadPool(batches.size());
        try {
            List<Callable<IngestResult>> deliveries = new ArrayList<>();
            batches.forEach(b -> deliveries.add(() -> sink.service().ingest(b, Batches.DEVICE_ID)));
            for (Future<IngestResult> f : pool.invokeAll(deliveries, 60, TimeUnit.SECONDS)) {
                assertThat(f.get()).isEqualTo(IngestResult.ACCEPTED);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(sink.item("LOCATION#loc-001", "DAY#2026-11-21#TAP#07").get("pours").n()).isEqualTo("6");
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("processed_batches")).hasSize(6);
        assertThat(sink.item("LOCATION#loc-001", "TAP#07#STATE").get("updated_at_ms").n())
                .isEqualTo(Long.toString(T0 + 50 * INTERVAL_MS));
    }

    @Test
    void hundred_reading_batch_is_accepted_without_a_101_item_transaction() {
        // Seed 001's pattern puts marker + 100 readings in one transaction: 101 items, over the limit of 100.
        var batch = Batches.of(Batches.series(T0, 100, 99, 0.5));

        var result = sink.service().ingest(batch, Batches.DEVICE_ID);

        assertThat(result).isEqualTo(IngestResult.ACCEPTED);
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("device_readings")).hasSize(100);
        assertThat(sink.item("READINGS#keg#" + Batches.KEG_ID, "2026-11-21T12:00:00.000Z").get("count").n())
                .isEqualTo("100");
    }

    @Test
    void reused_batch_id_with_other_content_is_reported_and_changes_nothing() {
        var batch = Batches.of(Batches.series(T0, 3, 60, 1));
        var service = sink.service();
        service.ingest(batch, Batches.DEVICE_ID);
        var before = sink.dump();
        var tampered = new ReadingsBatch(batch.schemaVersion(), batch.hardwareId(), batch.deviceId(), batch.bootId(),
                batch.firmwareVersion(), batch.batchId(), batch.locId(), batch.tapId(), batch.kegId(),
                Batches.series(T0, 3, 40, 1), List.of());

        assertThatThrownBy(() -> service.ingest(tampered, Batches.DEVICE_ID))
                .isInstanceOf(BatchIdReusedException.class).hasMessageContaining(batch.batchId());
        assertThat(sink.differencesFrom(before)).isEmpty();
    }

    @Test
    void pour_after_midnight_counts_for_the_business_day_before() {
        // 2026-11-22T01:30 in New York is before the 06:00 end of the bar's day of the 21st.
        sink.settings("loc-001", Map.of("timezone", AttributeValue.fromS("America/New_York")));
        long lateNight = Instant.parse("2026-11-22T06:30:00Z").toEpochMilli();
        var batch = Batches.of(Batches.series(lateNight, 1, 50, 0), List.of(Batches.pour(lateNight, 16)));

        sink.service().ingest(batch, Batches.DEVICE_ID);

        assertThat(sink.item("LOCATION#loc-001", "DAY#2026-11-21#TAP#07").get("pours").n()).isEqualTo("1");
        assertThat(sink.item("LOCATION#loc-001", "DAY#2026-11-22#TAP#07")).isNull();
    }

    @Test
    void pour_timed_by_an_unsynced_clock_counts_in_the_receipt_business_day_and_is_flagged() {
        var pour = Batches.pour(T0, 16);
        var unsynced = new DeviceEvent.Pour(pour.timestampMs(), false, pour.startMs(), pour.endMs(),
                pour.volumeOz(), pour.volumeMl());
        sink.clock.set(Instant.parse("2026-11-23T12:00:00Z"));

        sink.service().ingest(Batches.of(Batches.series(T0, 1, 60, 0), List.of(unsynced)), Batches.DEVICE_ID);

        var summary = sink.item("LOCATION#loc-001", "DAY#2026-11-23#TAP#07");
        assertThat(summary.get("pours").n()).isEqualTo("1");
        assertThat(summary.get("unsynced_pours").n()).isEqualTo("1");
        assertThat(summary).as("counted in the marker's transaction, not by the C1 guard").doesNotContainKey("counted_batches");
    }

    @Test
    void older_tare_after_newer_keeps_the_newer_tare_everywhere() {
        var newer = new DeviceEvent.Tare(T0 + 2 * INTERVAL_MS, true, "empty", Batches.KEG_ID, "half_barrel",
                29.6, null, TareStatus.EMPTY_SET);
        var older = new DeviceEvent.Tare(T0, true, "empty", Batches.KEG_ID, "half_barrel", 28.1, null,
                TareStatus.EMPTY_SET);
        var service = sink.service();

        service.ingest(Batches.of(Batches.series(T0 + 2 * INTERVAL_MS, 1, 60, 0), List.of(newer)), Batches.DEVICE_ID);
        service.ingest(Batches.of(Batches.series(T0, 1, 60, 0), List.of(older)), Batches.DEVICE_ID);

        assertThat(sink.item("KEG#" + Batches.KEG_ID, "TARE").get("empty_offset").n()).isEqualTo("29.6");
        assertThat(sink.item("DEVICE#SCALE-0042", "TELEMETRY").get("tare_empty_offset").n()).isEqualTo("29.6");
    }

    @Test
    void a_full_tare_alone_is_kept_as_full_set_on_the_keg() {
        // issue 12: a level counted down from the keg's measured full weight is no estimate, and the cloud keeps
        // the scale's word for it (pending would say the level counts from a reference shell)
        var full = new DeviceEvent.Tare(T0, true, "full", Batches.KEG_ID, "half_barrel", null, 161.9,
                TareStatus.FULL_SET);

        sink.service().ingest(Batches.of(Batches.series(T0, 1, 60, 0), List.of(full)), Batches.DEVICE_ID);

        assertThat(sink.item("KEG#" + Batches.KEG_ID, "TARE").get("tare_status").s()).isEqualTo("full_set");
    }

    @Test
    void devices_row_last_seen_is_refreshed_at_most_every_two_hours() {
        // Each refresh costs 3 write units (row + gsi1 entry moving); seed 001 throttles api_keys the same way.
        // Presence says whether a scale is there (issue 18); last_seen_at only backs it up.
        var service = sink.service();
        service.ingest(Batches.of(Batches.series(T0, 1, 60, 0)), Batches.DEVICE_ID);

        sink.clock.set(RECEIVED.plusSeconds(7199));
        service.ingest(Batches.of(Batches.series(T0 + INTERVAL_MS, 1, 60, 0)), Batches.DEVICE_ID);
        assertThat(sink.dump().get("devices | " + Batches.HARDWARE_ID).get("last_seen_at").s())
                .isEqualTo("2026-11-21T13:00:00Z");

        sink.clock.set(RECEIVED.plusSeconds(7201));
        service.ingest(Batches.of(Batches.series(T0 + 2 * INTERVAL_MS, 1, 60, 0)), Batches.DEVICE_ID);
        var row = sink.dump().get("devices | " + Batches.HARDWARE_ID);
        assertThat(row.get("last_seen_at").s()).isEqualTo("2026-11-21T15:00:01Z");
        assertThat(row.get("gsi1sk").s()).isEqualTo("2026-11-21T15:00:01Z");
    }

    @Test
    void registration_sets_confirmation_id_once_and_a_newer_boot_moves_last_boot_id() {
        var service = sink.service();
        var caps = new Capabilities(List.of("hx711", "max17048"), Map.of("offline_buffering", true));
        String secondBoot = "0f8fad5b-d9cb-469f-a165-70867728950e";
        service.register(new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, caps, T0, true), Batches.DEVICE_ID);
        String confirmation = sink.dump().get("devices | " + Batches.HARDWARE_ID).get("confirmation_id").s();

        sink.clock.set(RECEIVED.plusSeconds(60));
        service.register(new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, secondBoot, "1.0.17",
                Batches.LOC_ID, Batches.TAP_ID, caps, T0 + 3_600_000, true), Batches.DEVICE_ID);
        service.register(new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, caps, T0, true), Batches.DEVICE_ID);

        var row = sink.dump().get("devices | " + Batches.HARDWARE_ID);
        assertThat(row.get("confirmation_id").s()).isEqualTo(confirmation);
        assertThat(row.get("last_boot_id").s()).as("older boot redelivered late").isEqualTo(secondBoot);
        assertThat(row.get("firmware_version").s()).isEqualTo("1.0.17");
        assertThat(row.get("first_registered_at").s()).isEqualTo("2026-11-21T13:00:00Z");
        assertThat(row.get("capabilities").m().get("sensors").l()).extracting(AttributeValue::s)
                .containsExactly("hx711", "max17048");
    }
}
