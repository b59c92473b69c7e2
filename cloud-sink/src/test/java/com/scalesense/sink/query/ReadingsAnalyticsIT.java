package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.ForwardingDynamoDbClient;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Seed 001's reading queries and seed 000's analytics over readings written by the real
 * ingestion service, so the query side reads exactly the layout ingestion writes.
 *
 * <p>Dataset: SCALE-0042 on loc-001 tap 07, keg keg-20260318-007 (half barrel), 30 readings
 * 60 s apart from T0 = 2026-11-21T12:00Z (06:00 in Chicago), level 80.0 % falling 0.5 % a
 * reading, so gallons 12.40 → 10.15 (15.5 × 65.5 % = 10.1525, stored to 2 places), battery 80 %,
 * in three batches of ten.
 */
class ReadingsAnalyticsIT extends WithLocalDynamo {

    static final Instant T0 = Instant.ofEpochMilli(Batches.T0);
    SinkHarness sink;
    Analytics analytics;


    @BeforeEach
    void ingest() {
        sink = new SinkHarness(dynamo, T0.plus(Duration.ofMinutes(30)));
        new SeedLoader(dynamo.client(), sink.names, sink.clock).load(SeedReader.read(Path.of("..", "seeds")));
        dynamo.client().putItem(b -> b.tableName(sink.names.scaleSense()).item(Map.of(
                "PK", s("LOCATION#loc-001"), "SK", s("TAP#07"), "tap_id", s(Batches.TAP_ID),
                "keg_id", s(Batches.KEG_ID))));
        dynamo.client().putItem(b -> b.tableName(sink.names.scaleSense()).item(Map.of(
                "PK", s("KEG#" + Batches.KEG_ID), "SK", s("META"), "loc_id", s("loc-001"),
                "beer_id", s("guinness-draught"))));
        new DeviceRegistry(dynamo.client(), sink.names, sink.clock)
                .register(Batches.DEVICE_ID, Batches.HARDWARE_ID, "loc-001", "07");
        var readings = Batches.series(Batches.T0, 30, 80.0, 0.5);
        for (int i = 0; i < 3; i++) {
            sink.service().ingest(Batches.of(readings.subList(i * 10, i * 10 + 10)), Batches.DEVICE_ID);
        }
        analytics = new Analytics(dynamo.client(), sink.names, sink.clock);
    }

    @Test
    void level_history_of_the_last_hour_has_one_bin_a_minute_from_the_current_keg() {
        LevelHistory history = analytics.levelHistory("loc-001", "07", HistoryRange.LAST_HOUR);

        assertThat(history.levels()).hasSize(30);
        assertThat(history.levels().get(0)).isEqualTo(new LevelHistory.Bin(T0, 80.0));
        assertThat(history.levels().get(29)).isEqualTo(new LevelHistory.Bin(T0.plus(Duration.ofMinutes(29)), 65.5));
        assertThat(history.batteries()).hasSize(30).allSatisfy(b -> assertThat(b.average()).isEqualTo(80.0));
    }

    @Test
    void a_range_starting_inside_a_batch_still_gets_that_batchs_later_readings() {
        // Guards against keying the range on the batch's first reading only: batch 1 starts
        // at T0, the range at T0+5 min, and its readings at T0+5..T0+9 min belong in the chart.
        sink.clock.set(T0.plus(Duration.ofMinutes(65)));

        LevelHistory history = analytics.levelHistory("loc-001", "07", HistoryRange.LAST_HOUR);

        assertThat(history.levels()).hasSize(25);
        assertThat(history.levels().get(0)).isEqualTo(new LevelHistory.Bin(T0.plus(Duration.ofMinutes(5)), 77.5));
    }

    @Test
    void the_batch_before_the_range_costs_one_request_not_a_walk_back_through_the_keg() {
        // Regression: the Limit-1 query for the straddling batch had its LastEvaluatedKey
        // followed, reading every older batch one request at a time (found by HistoryReadBenchmark).
        sink.clock.set(T0.plus(Duration.ofMinutes(85)));
        AtomicInteger queries = new AtomicInteger();
        DynamoDbClient counting = new ForwardingDynamoDbClient(dynamo.client()) {
            @Override
            public QueryResponse query(QueryRequest request) {
                queries.incrementAndGet();
                return super.query(request);
            }
        };

        LevelHistory history = new Analytics(counting, sink.names, sink.clock).levelHistory("loc-001", "07",
                HistoryRange.LAST_HOUR);

        assertThat(history.levels()).hasSize(5);
        assertThat(queries).hasValue(2);
    }

    @Test
    void pour_rate_hours_remaining_and_keg_lifespan_follow_seed_000s_formulas() {
        // 6 h window (loc-001 setting): (12.40 - 10.15) / 6 = 0.375 gal/h; 10.15 / 0.375 = 27.0667 h
        KegDrainRate rate = analytics.pourRate("loc-001", "07");
        KegLifespan life = analytics.kegLifespan(Batches.KEG_ID).orElseThrow();

        assertThat(rate.windowHours()).isEqualTo(6);
        assertThat(rate.gallonsPerHour()).isCloseTo(0.375, within(1e-9));
        assertThat(rate.hoursRemaining().orElseThrow()).isCloseTo(10.15 / 0.375, within(1e-9));
        assertThat(life.tappedAt()).isEqualTo(T0);
        assertThat(life.lastReading()).isEqualTo(T0.plus(Duration.ofMinutes(29)));
        assertThat(life.totalPouredGallons()).isCloseTo(2.25, within(1e-9));
        assertThat(life.lifespanHours()).isZero();
    }

    @Test
    void hourly_pours_use_the_bars_local_hour_and_battery_trend_names_the_scale() {
        // T0 is 06:00 in America/Chicago (loc-001's zone, UTC-6 in November): all 2.25 gal at hour 6
        HourlyPours pours = analytics.hourlyPours("loc-001");
        BatteryTrend trend = analytics.batteryTrend("loc-001");

        assertThat(pours.days()).isEqualTo(1);
        assertThat(pours.avgGallonsPoured().get(6)).isCloseTo(2.25, within(1e-9));
        assertThat(pours.avgGallonsPoured().get(12)).isEqualTo(0.0);
        assertThat(trend.days()).containsExactly(
                new BatteryTrend.Day(LocalDate.of(2026, 11, 21), Batches.DEVICE_ID, 80.0, 80.0));
    }

    @Test
    void seed_001_latest_reading_inclusive_time_range_and_devices_by_activity() {
        DeviceReadingQueries q = new DeviceReadingQueries(dynamo.client(), sink.names);
        long minute = Batches.INTERVAL_MS;

        var latest = q.latestReading(Batches.HARDWARE_ID).orElseThrow();
        List<Item> range = q.readingsBetween(Batches.HARDWARE_ID, Batches.T0 + 5 * minute, Batches.T0 + 10 * minute);

        assertThat(latest.number("timestamp_ms").longValue()).isEqualTo(Batches.T0 + 29 * minute);
        assertThat(range).extracting(i -> i.number("timestamp_ms").longValue())
                .containsExactly(Batches.T0 + 5 * minute, Batches.T0 + 6 * minute, Batches.T0 + 7 * minute,
                        Batches.T0 + 8 * minute, Batches.T0 + 9 * minute, Batches.T0 + 10 * minute);
        assertThat(q.devicesByActivity()).extracting(i -> i.string("hardware_id")).containsExactly(Batches.HARDWARE_ID);
        assertThat(q.latestReading("AA:BB:CC:DD:EE:99")).isEmpty();
    }
}
