package com.scalesense.sink.bench;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.store.dynamo.DynamoSinkStore;
import com.scalesense.sink.store.dynamo.Seed001Baseline;
import com.scalesense.sink.store.dynamo.WriteMeter;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.LocalDynamo;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Ingests a simulated fleet into DynamoDB Local in process and prints readings per second and
 * write units per reading for our write path next to seed 001's pattern (one transaction of
 * marker + readings), measured in the same run on the same batches. Not a test: run with
 * {@code ./mvnw -B -q -pl cloud-sink -am -Pbench verify} (see docs/benchmarks.md).
 * Properties: {@code bench.devices} (default 20), {@code bench.readings} per device (default 1440 = a day at 60 s);
 * {@code bench.scenario=day} runs {@link BusyDayBenchmark} instead (the agent's real batching).
 */
public final class IngestBenchmark {

    private static final long DAY_START = Batches.T0 - 12 * 3_600_000L;

    private IngestBenchmark() {
    }

    public static void main(String[] args) {
        if ("day".equals(System.getProperty("bench.scenario"))) {
            BusyDayBenchmark.run();
            return;
        }
        int devices = Integer.getInteger("bench.devices", 20);
        int perDevice = Integer.getInteger("bench.readings", 1440);
        System.out.printf(Locale.ROOT, "fleet: %d devices x %d readings 60 s apart (1 pour per 10 readings), DynamoDB Local in process%n",
                devices, perDevice);
        System.out.printf(Locale.ROOT, "%-34s %8s %9s %8s %11s %9s %12s %14s%n", "path", "batches", "readings",
                "seconds", "readings/s", "WCU", "WCU/reading", "reported/rdg");
        try (LocalDynamo dynamo = LocalDynamo.start()) {
            for (int size : new int[] {1, 100}) {
                List<ReadingsBatch> fleet = fleet(devices, perDevice, size);
                // Warm-up on throwaway tables so JIT and SQLite caches favour neither path.
                run(dynamo, "warm-up", fleet.subList(0, Math.min(50, fleet.size())), true, false);
                Result ours = run(dynamo, "ours, batches of " + size, fleet, true, true);
                int baselineSize = Math.min(size, 99);
                List<ReadingsBatch> baselineFleet = size == baselineSize ? fleet : fleet(devices, perDevice, baselineSize);
                Result seed = run(dynamo, "seed 001 pattern, batches of " + baselineSize, baselineFleet, false, true);
                System.out.printf(Locale.ROOT, "ratio ours/seed001 at batch size %d: readings/s %.2f, WCU/reading %.2f%n",
                        size, ours.perSecond() / seed.perSecond(), ours.wcuPerReading() / seed.wcuPerReading());
            }
        }
        System.out.println("seed 001 pattern cannot take 100 readings: marker + 100 = 101 items > TransactWriteItems' 100;"
                + " its 100-reading row is measured with 99.");
    }

    record Result(double perSecond, double wcuPerReading) {
    }

    private static final long ARRIVAL_LAG_MS = 5_000;

    /** The instant the current batch arrives; single-threaded benchmark, so a plain field. */
    private static final class ArrivalClock extends Clock {
        private Instant now = Instant.EPOCH;

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("UTC only");
        }
    }

    private static Result run(LocalDynamo dynamo, String name, List<ReadingsBatch> batches, boolean ours, boolean print) {
        var names = dynamo.freshTables();
        WriteMeter meter = new WriteMeter();
        // The sink's clock follows the fleet: each batch arrives 5 s after its newest reading.
        var clock = new ArrivalClock();
        Consumer<ReadingsBatch> deliver;
        if (ours) {
            var service = new IngestionService(new DynamoSinkStore(dynamo.client(), names,
                    DynamoSinkStore.DEFAULT_READINGS_RETENTION_SECS, meter), new MessageValidator(), clock,
                    () -> UUID.randomUUID().toString());
            deliver = b -> service.ingest(b, b.deviceId());
        } else {
            var baseline = new Seed001Baseline(dynamo.client(), names, meter);
            deliver = b -> baseline.ingest(b, clock.instant());
        }
        long readings = batches.stream().mapToLong(b -> b.readings().size()).sum();
        long start = System.nanoTime();
        for (ReadingsBatch b : batches) {
            clock.now = Instant.ofEpochMilli(b.readings().get(b.readings().size() - 1).timestampMs() + ARRIVAL_LAG_MS);
            deliver.accept(b);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        var result = new Result(readings / seconds, (double) meter.computedUnits() / readings);
        if (print) {
            System.out.printf(Locale.ROOT, "%-34s %8d %9d %8.1f %11.0f %9d %12.3f %14.3f%n", name, batches.size(), readings,
                    seconds, result.perSecond(), meter.computedUnits(), result.wcuPerReading(),
                    meter.reportedUnits() / readings);
        }
        return result;
    }

    /** Every device's day as batches of {@code size}, interleaved device by device as a fleet would deliver them. */
    static List<ReadingsBatch> fleet(int devices, int perDevice, int size) {
        List<List<ReadingsBatch>> byDevice = new ArrayList<>();
        for (int d = 0; d < devices; d++) {
            String hw = String.format("AA:BB:CC:%02X:%02X:%02X", d >> 16 & 0xFF, d >> 8 & 0xFF, d & 0xFF);
            String device = String.format("SCALE-%04d", d + 1);
            List<ReadingsBatch> mine = new ArrayList<>();
            for (int from = 0; from < perDevice; from += size) {
                List<Reading> readings = new ArrayList<>();
                List<DeviceEvent> events = new ArrayList<>();
                for (int i = from; i < Math.min(perDevice, from + size); i++) {
                    long ts = DAY_START + i * Batches.INTERVAL_MS;
                    readings.add(Batches.reading(ts, 95 - 70.0 * i / perDevice, 80));
                    if (i % 10 == 9) {
                        events.add(Batches.pour(ts, 16));
                    }
                }
                mine.add(Batches.of(hw, device, readings, events));
            }
            byDevice.add(mine);
        }
        List<ReadingsBatch> out = new ArrayList<>();
        for (int i = 0; i < byDevice.get(0).size(); i++) {
            for (List<ReadingsBatch> mine : byDevice) {
                out.add(mine.get(i));
            }
        }
        return out;
    }
}
