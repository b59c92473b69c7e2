package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.TareStatus;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.CrashingStore;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A Lambda that dies after any write step, then a redelivery, must leave what one clean delivery leaves. */
class CrashRecoveryIT extends WithLocalDynamo {

    private static final Instant RECEIVED = Instant.ofEpochMilli(T0 + 7_200_000);


    /** Earlier history: a keg at 20 %, battery fine. */
    private static ReadingsBatch earlier() {
        return Batches.of(Batches.series(T0, 3, 20, 0.5));
    }

    /** The batch under test touches every write step: readings, state, telemetry, tare, device, summary, alerts. */
    private static ReadingsBatch batch() {
        List<Reading> readings = new ArrayList<>();
        long start = T0 + 10 * INTERVAL_MS;
        for (int i = 0; i < 20; i++) {
            // level drops below 15 % and stays there past the 900 s grace period; battery falls below 20 %.
            readings.add(Batches.reading(start + i * INTERVAL_MS, 16 - i * 0.5, 22 - i));
        }
        var tare = new DeviceEvent.Tare(start + 5 * INTERVAL_MS, true, "full", Batches.KEG_ID, "half_barrel",
                29.4, 160.9, TareStatus.COMPLETE);
        return Batches.of(readings, List.of(Batches.pour(start + 60_000, 16), Batches.pour(start + 120_000, 12), tare));
    }

    private static SinkHarness prepared() {
        var h = new SinkHarness(dynamo, RECEIVED);
        dynamo.client().putItem(b -> b.tableName(h.names.scaleSense()).item(Map.of(
                "PK", AttributeValue.fromS("KEG#" + Batches.KEG_ID), "SK", AttributeValue.fromS("META"),
                "beer_id", AttributeValue.fromS("guinness-draught"), "loc_id", AttributeValue.fromS(Batches.LOC_ID))));
        dynamo.client().putItem(b -> b.tableName(h.names.scaleSense()).item(Map.of(
                "PK", AttributeValue.fromS("BEER#guinness-draught"), "SK", AttributeValue.fromS("KEG#half_barrel"),
                "full_lbs", AttributeValue.fromN("161.5"), "empty_lbs", AttributeValue.fromN("29.0"))));
        // Earlier than the devices-row refresh interval, so the batch under test refreshes last_seen_at too.
        h.clock.set(RECEIVED.minusSeconds(3 * 3600));
        h.service().ingest(earlier(), Batches.DEVICE_ID);
        h.clock.set(RECEIVED);
        return h;
    }

    @Test
    void crash_after_each_write_step_then_redelivery_converges_to_a_clean_run() {
        var clean = prepared();
        var counting = new CrashingStore(clean.store, Integer.MAX_VALUE);
        clean.service(s -> counting).ingest(batch(), Batches.DEVICE_ID);
        var expected = clean.dump();
        int steps = counting.writes();
        // readings, tap state, telemetry, tare, device row, pour count (C1), commit
        assertThat(steps).isEqualTo(7);

        for (int k = 1; k <= steps; k++) {
            var crashed = prepared();
            final int step = k;
            assertThatThrownBy(() -> crashed.service(s -> new CrashingStore(s, step)).ingest(batch(), Batches.DEVICE_ID))
                    .isInstanceOf(CrashingStore.Crash.class);

            var redelivered = crashed.service().ingest(batch(), Batches.DEVICE_ID);

            assertThat(redelivered).as("redelivery after crash at step %d", k)
                    .isEqualTo(k == steps ? IngestResult.DUPLICATE : IngestResult.ACCEPTED);
            assertThat(crashed.differencesFrom(expected)).as("tables after crash at step %d", k).isEmpty();
        }
    }

    @Test
    void clean_run_fires_low_keg_and_low_battery_and_counts_pours_once() {
        var h = prepared();

        h.service().ingest(batch(), Batches.DEVICE_ID);

        assertThat(h.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07").get("status").s()).isEqualTo("firing");
        assertThat(h.item("ALERT#loc-001", "ACTIVE#low_battery#DEVICE#SCALE-0042").get("status").s()).isEqualTo("firing");
        assertThat(h.item("LOCATION#loc-001", "DAY#2026-11-21#TAP#07").get("pours").n()).isEqualTo("2");
        var beer = h.item("BEER#guinness-draught", "KEG#half_barrel");
        assertThat(beer.get("full_lbs").n()).isEqualTo("160.9");
        assertThat(beer.get("empty_lbs").n()).isEqualTo("29");
        assertThat(beer).containsKey("measured_at");
        assertThat(h.item("KEG#" + Batches.KEG_ID, "TARE").get("full_ref").n()).isEqualTo("160.9");
        assertThat(h.item("DEVICE#SCALE-0042", "TELEMETRY").get("tare_full_lbs").n()).isEqualTo("160.9");
    }
}
