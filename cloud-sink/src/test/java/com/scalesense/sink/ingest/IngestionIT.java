package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.BatchIdReusedException;
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
        var packed = sink.item("READINGS#keg#" + Batches.KEG_ID, "2026-11-21T12:00:00.000Z");
        assertThat(packed.get("count").n()).isEqualTo("3");
        assertThat(packed.get("rows").s()).startsWith("0,60,9.3,108.5,80,4.1;60000,59,");
        var device = items.get("devices | " + Batches.HARDWARE_ID);
        assertThat(device.get("gsi1pk").s()).isEqualTo("devices");
        assertThat(device.get("gsi1sk").s()).isEqualTo("2026-11-21T13:00:00Z");
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
}
