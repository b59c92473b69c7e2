package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.protocol.Reading;
import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.ForwardingDynamoDbClient;
import com.scalesense.sink.testing.LocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What a dashboard chart costs to read: level history from the packed readings store (one item
 * per batch, what {@link Analytics} reads) against seed 001's one item per reading
 * ({@code device_readings} time-range query, then the same binning), on the same ingested data
 * in the same run. Prints read units and milliseconds (median of 5) and their ratios.
 * Not a test. Run: {@code ./mvnw -B -q -pl cloud-sink -am -Pbench-query verify}.
 * Property {@code bench.days} (default 7): days of readings, 60 s apart, batches of 10.
 */
public final class HistoryReadBenchmark {

    private static final int RUNS = 5;

    private HistoryReadBenchmark() {
    }

    public static void main(String[] args) {
        int days = Integer.getInteger("bench.days", 7);
        int readings = days * 1440;
        long start = Batches.T0 - (long) readings * Batches.INTERVAL_MS;
        try (LocalDynamo dynamo = LocalDynamo.start()) {
            SinkHarness sink = new SinkHarness(dynamo, Instant.ofEpochMilli(Batches.T0));
            dynamo.client().putItem(b -> b.tableName(sink.names.scaleSense()).item(Map.of("PK", s("LOCATION#loc-001"),
                    "SK", s("TAP#07"), "tap_id", s(Batches.TAP_ID), "keg_id", s(Batches.KEG_ID))));
            new DeviceRegistry(dynamo.client(), sink.names, sink.clock)
                    .register(Batches.DEVICE_ID, Batches.HARDWARE_ID, "loc-001", "07");
            var service = sink.service();
            for (int i = 0; i < readings; i += 10) {
                List<Reading> batch = new ArrayList<>();
                for (int j = i; j < i + 10; j++) {
                    batch.add(Batches.reading(start + j * Batches.INTERVAL_MS, 95 - 90.0 * j / readings, 80));
                }
                service.ingest(Batches.of(batch), Batches.DEVICE_ID);
            }
            Metered client = new Metered(dynamo.client());
            Analytics packed = new Analytics(client, sink.names, sink.clock);
            DeviceReadingQueries perReading = new DeviceReadingQueries(client, sink.names);
            System.out.printf(Locale.ROOT, "data: %d readings 60 s apart in batches of 10, DynamoDB Local in process%n", readings);
            System.out.printf(Locale.ROOT, "%-6s %-36s %6s %7s %9s %9s%n", "range", "path", "bins", "items", "RCU", "ms");
            for (HistoryRange range : List.of(HistoryRange.LAST_24_HOURS, HistoryRange.LAST_7_DAYS)) {
                double[] ours = measure(client, () -> packed.levelHistory("loc-001", "07", range).levels().size());
                double[] seed = measure(client, () -> {
                    Instant now = sink.clock.instant();
                    List<ReadingPoint> points = perReading.readingsBetween(Batches.HARDWARE_ID,
                            now.minus(range.span()).toEpochMilli(), now.toEpochMilli()).stream().map(i -> {
                                @SuppressWarnings("unchecked")
                                Map<String, Object> sensors = (Map<String, Object>) i.attributes().get("sensors");
                                return new ReadingPoint(Instant.ofEpochMilli(i.number("timestamp_ms").longValue()),
                                        Batches.DEVICE_ID, ((java.math.BigDecimal) sensors.get("level_pct")).doubleValue(),
                                        null, null);
                            }).toList();
                    return LevelHistory.of(range, points, now).levels().size();
                });
                print(range, "packed store (ours, Analytics)", ours);
                print(range, "seed 001 device_readings (baseline)", seed);
                System.out.printf(Locale.ROOT, "%-6s ratio ours/baseline: RCU %.3f, ms %.3f%n", range.code(),
                        ours[1] / seed[1], ours[2] / seed[2]);
            }
        }
    }

    /** @return {bins, read units of one run, median milliseconds, items read in one run} */
    private static double[] measure(Metered client, Supplier<Integer> chart) {
        chart.get();
        double[] ms = new double[RUNS];
        int bins = 0;
        double units = 0;
        double items = 0;
        for (int r = 0; r < RUNS; r++) {
            client.units.reset();
            client.items.reset();
            long t = System.nanoTime();
            bins = chart.get();
            ms[r] = (System.nanoTime() - t) / 1e6;
            units = client.units.sum();
            items = client.items.sum();
        }
        Arrays.sort(ms);
        return new double[] {bins, units, ms[RUNS / 2], items};
    }

    private static void print(HistoryRange range, String path, double[] m) {
        System.out.printf(Locale.ROOT, "%-6s %-36s %6.0f %7.0f %9.1f %9.1f%n", range.code(), path, m[0], m[3], m[1], m[2]);
    }

    /** Asks every read for its consumed capacity and adds it up. */
    private static final class Metered extends ForwardingDynamoDbClient {
        final DoubleAdder units = new DoubleAdder();
        final DoubleAdder items = new DoubleAdder();

        Metered(DynamoDbClient real) {
            super(real);
        }

        @Override
        public QueryResponse query(QueryRequest request) {
            QueryResponse r = super.query(request.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
            units.add(r.consumedCapacity() == null ? 0 : r.consumedCapacity().capacityUnits());
            items.add(r.count());
            return r;
        }

        @Override
        public GetItemResponse getItem(GetItemRequest request) {
            GetItemResponse r = super.getItem(request.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
            units.add(r.consumedCapacity() == null ? 0 : r.consumedCapacity().capacityUnits());
            items.add(r.hasItem() ? 1 : 0);
            return r;
        }
    }
}
