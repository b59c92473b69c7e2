package com.scalesense.sink.alerts;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.Reading;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class AlertLifecycleIT extends WithLocalDynamo {

    private static final long GRACE_SECS = 600;
    private SinkHarness sink;
    private IngestionService service;


    @BeforeEach
    void location_with_ten_minute_grace_and_20_pct_low_keg() {
        sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0));
        sink.settings("loc-001", Map.of("grace_period_secs", AttributeValue.fromN(Long.toString(GRACE_SECS)),
                "low_keg_pct", AttributeValue.fromN("20")));
        service = sink.service();
    }

    /** One live reading per delivery, the sink's clock one second after it. */
    private void deliver(long ts, double level, double battery) {
        sink.clock.set(Instant.ofEpochMilli(ts + 1_000));
        service.ingest(Batches.of(List.of(Batches.reading(ts, level, battery))), Batches.DEVICE_ID);
    }

    private List<String> history() {
        return sink.dump().keySet().stream().filter(k -> k.contains("| ALERT#loc-001 | HIST#")).toList();
    }

    @Test
    void low_keg_fires_only_after_the_grace_period_and_resolves_when_refilled() {
        deliver(T0, 25, 80);
        deliver(T0 + INTERVAL_MS, 19, 80);

        var firing = sink.item("FIRING#loc-001#TAP#07", "low_keg");
        assertThat(firing.get("started_at_ms").n()).isEqualTo(Long.toString(T0 + INTERVAL_MS));
        assertThat(firing.get("expires_at").n()).isEqualTo(Long.toString((T0 + INTERVAL_MS) / 1000 + GRACE_SECS));
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07")).isNull();

        deliver(T0 + 6 * INTERVAL_MS, 18, 80);
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07")).as("still inside grace").isNull();

        deliver(T0 + 11 * INTERVAL_MS, 17, 80);
        var active = sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07");
        assertThat(active.get("status").s()).isEqualTo("firing");
        assertThat(active.get("value").n()).isEqualTo("17");
        assertThat(sink.item("FIRING#loc-001#TAP#07", "low_keg")).as("deleted when the alert fires").isNull();

        deliver(T0 + 20 * INTERVAL_MS, 100, 80);
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07").get("status").s()).isEqualTo("resolved");
        assertThat(history()).hasSize(2);
    }

    @Test
    void dip_that_recovers_inside_the_grace_period_leaves_no_alert_and_no_history() {
        deliver(T0, 19, 80);
        deliver(T0 + 2 * INTERVAL_MS, 40, 80);
        deliver(T0 + 20 * INTERVAL_MS, 40, 80);

        assertThat(sink.item("FIRING#loc-001#TAP#07", "low_keg")).isNull();
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07")).isNull();
        assertThat(history()).isEmpty();
    }

    @Test
    void buffered_batch_walks_through_the_grace_period_reading_by_reading() {
        // 20 readings 60 s apart at 10 %: the grace period of 600 s ends inside the batch.
        service.ingest(Batches.of(Batches.series(T0, 20, 10, 0)), Batches.DEVICE_ID);

        var active = sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07");
        assertThat(active.get("observed_at_ms").n()).isEqualTo(Long.toString(T0 + 10 * INTERVAL_MS));
    }

    @Test
    void low_battery_is_findable_by_location_and_clears_from_the_index_when_charged() {
        deliver(T0, 80, 12);

        var low = dynamo.client().query(q -> q.tableName(sink.names.scaleSense()).indexName(Tables.LOCATION_BATTERY_INDEX)
                .keyConditionExpression("battery_loc_id = :l AND battery_pct < :p")
                .expressionAttributeValues(Map.of(":l", AttributeValue.fromS("loc-001"), ":p", AttributeValue.fromN("20"))));
        assertThat(low.items()).extracting(i -> i.get("PK").s()).containsExactly("DEVICE#SCALE-0042");
        assertThat(sink.item("DEVICE#SCALE-0042", "STATE#WARNING#" + iso(T0))).isNotNull();

        deliver(T0 + INTERVAL_MS, 80, 90);

        var after = dynamo.client().query(q -> q.tableName(sink.names.scaleSense()).indexName(Tables.LOCATION_BATTERY_INDEX)
                .keyConditionExpression("battery_loc_id = :l")
                .expressionAttributeValues(Map.of(":l", AttributeValue.fromS("loc-001"))));
        assertThat(after.items()).isEmpty();
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_battery#DEVICE#SCALE-0042").get("status").s())
                .isEqualTo("resolved");
        assertThat(sink.item("DEVICE#SCALE-0042", "STATE#OK#" + iso(T0 + INTERVAL_MS))).isNotNull();
    }

    @Test
    void sensor_error_logs_an_escalated_error_state_found_through_the_sparse_index() {
        deliver(T0, 80, 80);
        sink.clock.set(Instant.ofEpochMilli(T0 + INTERVAL_MS + 1_000));
        Reading broken = Batches.sensorError(T0 + INTERVAL_MS, 80);
        service.ingest(Batches.of(List.of(broken)), Batches.DEVICE_ID);

        assertThat(sink.item("ALERT#loc-001", "ACTIVE#sensor_error#DEVICE#SCALE-0042").get("status").s())
                .isEqualTo("firing");
        var escalated = dynamo.client().query(q -> q.tableName(sink.names.scaleSense()).indexName(Tables.ESCALATION_INDEX)
                .keyConditionExpression("escalated_to = :l AND begins_with(SK, :s)")
                .expressionAttributeValues(Map.of(":l", AttributeValue.fromS("loc-001"), ":s", AttributeValue.fromS("STATE#ERROR#"))));
        assertThat(escalated.items()).extracting(i -> i.get("SK").s()).containsExactly("STATE#ERROR#" + iso(T0 + INTERVAL_MS));
        // A fault never turns into a level: the tap state shows none until the sensor recovers.
        assertThat(sink.item("LOCATION#loc-001", "TAP#07#STATE").get("level_pct")).isNull();
    }

    @Test
    void stale_reading_does_not_rewind_a_fired_alert() {
        deliver(T0, 10, 80);
        deliver(T0 + 11 * INTERVAL_MS, 10, 80);
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07").get("status").s()).isEqualTo("firing");

        deliver(T0 + 5 * INTERVAL_MS, 90, 80);

        assertThat(sink.item("ALERT#loc-001", "ACTIVE#low_keg#TAP#07").get("status").s()).isEqualTo("firing");
    }

    private static String iso(long ms) {
        return com.scalesense.sink.tables.Keys.isoInstant(ms);
    }
}
