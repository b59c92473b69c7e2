package com.scalesense.sink.bench;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.store.ForwardingSinkStore;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.LocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Write units per reading at the agent's real batching over simulated busy days (issue 18): one
 * scale, a reading every 60 s ({@code reading.interval}'s default), pours in opening hours, each
 * pour's end recorded as an event and a reading of the same instant (as {@code MeasurementPipeline}
 * does, which also restarts the 60 s interval there). The entries are cut into batches the way
 * {@code agent.batch.Batcher} seals them (it ticks every second), under three policies measured in
 * the same run on the same days: the batcher of 14c9ac6 (seal when the oldest entry is 60 s old),
 * of e65b596 (a pour's end seals its batch at once; periodic readings wait up to 8 min), and this
 * branch's (a pour's end goes out at once as a state message, {@code StateSender}, which the sink
 * writes to TAP#STATE alone; its pour and reading ride in the bulk batch of 100 readings or
 * {@code batch.max_delay}, 2 h). Each batch and state message arrives {@value #ARRIVAL_LAG_MS} ms after its
 * newest entry. Units are computed from the items written by DynamoDB's billing rules, every
 * table and index counted ({@code WriteMeter}).
 * <p>
 * Properties: {@code bench.days} (7), {@code bench.pours} per day (150), {@code bench.max_delay_s}
 * (480, e65b596's row), {@code bench.bulk_delay_s} (7200, this branch's row), {@code bench.seed} (1). Run:
 * {@code ./mvnw -o -B -q -pl cloud-sink -am -Pbench -Dbench.scenario=day verify}.
 */
final class BusyDayBenchmark {

    private static final long MINUTE = 60_000;
    private static final long ARRIVAL_LAG_MS = 2_000;
    /** Readings per batch, seed 001. */
    private static final int MAX_READINGS = 100;
    /** The bar is open 15:00-02:00 (11 h from 9 h into the business day), when the pours come. */
    private static final long OPEN_FROM = 9 * 60 * MINUTE;
    private static final long OPEN_FOR = 11 * 60 * MINUTE;
    /** 00:00 of the first simulated day, UTC; the location's business day ends 06:00 (defaults). */
    private static final long DAY0 = Batches.T0 - Batches.T0 % (24 * 60 * MINUTE);

    private BusyDayBenchmark() {
    }

    /** One outbox entry: a reading, or an event (a pour's end). */
    record Entry(long ts, Reading reading, DeviceEvent event) {
    }

    /**
     * How the agent seals.
     *
     * @param eventSeals  a pour's end seals its batch at once (e65b596); else pours ride with the bulk
     * @param stateOnPour a pour's end also goes out at once as a state message (issue 18, this branch)
     */
    record Policy(String name, long maxDelayMs, boolean eventSeals, boolean stateOnPour) {
    }

    /** One message the sink receives: a batch, or a state message (TAP#STATE only). */
    private record Delivery(long arrivalMs, ReadingsBatch message, boolean state) {
    }

    static void run() {
        int days = Integer.getInteger("bench.days", 7);
        int pours = Integer.getInteger("bench.pours", 150);
        long maxDelay = Long.getLong("bench.max_delay_s", 480) * 1000;
        long bulkDelay = Long.getLong("bench.bulk_delay_s", 7200) * 1000;
        long seed = Long.getLong("bench.seed", 1);
        List<Entry> entries = days(days, pours, new Random(seed));
        long readings = entries.stream().filter(e -> e.reading() != null).count();
        System.out.printf(Locale.ROOT, "busy days: %d day(s), %d pours a day in 11 opening hours, a reading every 60 s"
                + " and one at each pour's end: %d readings, %d pours; DynamoDB Local in process%n",
                days, pours, readings, entries.size() - readings);
        System.out.printf(Locale.ROOT, "%-52s %8s %9s %12s %9s %12s%n", "agent batching", "batches", "readings",
                "rdg/batch", "WCU", "WCU/reading");
        Policy[] policies = {
            new Policy("14c9ac6: seal at 60 s", MINUTE, false, false),
            new Policy("e65b596: event seals at once, else " + maxDelay / 1000 + " s", maxDelay, true, false),
            new Policy("now: pour state at once, bulk 100 rdg or " + bulkDelay / 1000 + " s", bulkDelay, false, true),
        };
        try (LocalDynamo dynamo = LocalDynamo.start()) {
            // Warm-up on throwaway tables so JIT and SQLite caches favour neither policy.
            ingest(dynamo, deliveries(seal(entries.subList(0, Math.min(600, entries.size())), policies[0]), List.of()));
            for (Policy p : policies) {
                List<ReadingsBatch> batches = seal(entries, p);
                Map<ForwardingSinkStore.WriteStep, Long> byStep = new java.util.EnumMap<>(ForwardingSinkStore.WriteStep.class);
                long units = ingest(dynamo, deliveries(batches, p.stateOnPour() ? states(entries) : List.of()), byStep);
                System.out.printf(Locale.ROOT, "%-52s %8d %9d %12.2f %9d %12.4f%n", p.name(), batches.size(), readings,
                        (double) readings / batches.size(), units, (double) units / readings);
                System.out.printf(Locale.ROOT, "    units by write: %s%n", byStep);
            }
        }
    }

    private static long ingest(LocalDynamo dynamo, List<Delivery> deliveries) {
        return ingest(dynamo, deliveries, new java.util.EnumMap<>(ForwardingSinkStore.WriteStep.class));
    }

    /** @param byStep filled with the write units of each kind of write */
    private static long ingest(LocalDynamo dynamo, List<Delivery> deliveries, Map<ForwardingSinkStore.WriteStep, Long> byStep) {
        SinkHarness sink = new SinkHarness(dynamo, Instant.ofEpochMilli(DAY0));
        IngestionService service = sink.service(real -> new ForwardingSinkStore(real) {
            @Override
            protected void write(WriteStep step, Runnable write) {
                long before = sink.meter.computedUnits();
                write.run();
                byStep.merge(step, sink.meter.computedUnits() - before, Long::sum);
            }
        });
        for (Delivery d : deliveries) {
            sink.clock.set(Instant.ofEpochMilli(d.arrivalMs()));
            if (d.state()) {
                service.state(d.message(), d.message().deviceId());
            } else {
                service.ingest(d.message(), d.message().deviceId());
            }
        }
        return sink.meter.computedUnits();
    }

    /** Batches and state messages in the order they arrive, each {@value #ARRIVAL_LAG_MS} ms after its newest entry. */
    private static List<Delivery> deliveries(List<ReadingsBatch> batches, List<ReadingsBatch> states) {
        List<Delivery> out = new ArrayList<>();
        batches.forEach(b -> out.add(new Delivery(newest(b) + ARRIVAL_LAG_MS, b, false)));
        states.forEach(s -> out.add(new Delivery(newest(s) + ARRIVAL_LAG_MS, s, true)));
        out.sort(java.util.Comparator.comparingLong(Delivery::arrivalMs).thenComparing(d -> d.state() ? 0 : 1));
        return out;
    }

    private static long newest(ReadingsBatch b) {
        return b.readings().get(b.readings().size() - 1).timestampMs();
    }

    /** The state message {@code StateSender} sends at each pour's end: the pour and the reading taken with it. */
    static List<ReadingsBatch> states(List<Entry> entries) {
        List<ReadingsBatch> out = new ArrayList<>();
        for (int i = 0; i + 1 < entries.size(); i++) {
            if (entries.get(i).event() != null && entries.get(i + 1).reading() != null) {
                out.add(Batches.of(List.of(entries.get(i + 1).reading()), List.of(entries.get(i).event())));
            }
        }
        return out;
    }

    /** The days' entries in time order; the keg runs from 95 % down by each pour's volume. */
    static List<Entry> days(int days, int poursPerDay, Random random) {
        List<Entry> out = new ArrayList<>();
        double level = 95;
        // Half barrel, 15.5 gal = 1984 fl oz (seed 000); a 16 oz pint is 0.806 % of it.
        double pourPct = 100 * 16 / 1984.0;
        for (int d = 0; d < days; d++) {
            // A business day, 06:00 to 06:00 (the location's default day end), holds a whole opening.
            long dayStart = DAY0 + (6 + d * 24) * 60 * MINUTE;
            TreeSet<Long> pourEnds = new TreeSet<>();
            while (pourEnds.size() < poursPerDay) {
                // Whole seconds, at least 20 s apart (a pint takes ~8 s to pour).
                long at = dayStart + OPEN_FROM + (long) (random.nextDouble() * OPEN_FOR) / 1000 * 1000;
                Long near = pourEnds.floor(at + 20_000);
                if (near == null || near <= at - 20_000) {
                    pourEnds.add(at);
                }
            }
            long nextReading = dayStart;
            long last = Long.MIN_VALUE;
            long dayEnd = dayStart + 24 * 60 * MINUTE;
            while (nextReading < dayEnd) {
                Long pour = pourEnds.isEmpty() ? null : pourEnds.first();
                if (pour != null && pour < nextReading) {
                    pourEnds.pollFirst();
                    level = level - pourPct < 5 ? 95 : level - pourPct;
                    // The pipeline takes its reading on the same sample as the event (1 ms later
                    // when a periodic reading fell on the same second).
                    long at = Math.max(pour, last + 1);
                    out.add(new Entry(at, null, Batches.pour(at, 16)));
                    out.add(new Entry(at, Batches.reading(at, level, 80), null));
                    last = at;
                    nextReading = at + MINUTE;
                } else {
                    out.add(new Entry(nextReading, Batches.reading(nextReading, level, 80), null));
                    last = nextReading;
                    nextReading += MINUTE;
                }
            }
        }
        return out;
    }

    /**
     * Batches as {@code Batcher.tick} seals them: on a tick (every second) the pending entries go
     * when the oldest is {@code maxDelayMs} old, when 100 readings are pending, or (today's
     * policy) when an event is followed by a reading.
     */
    static List<ReadingsBatch> seal(List<Entry> entries, Policy policy) {
        List<ReadingsBatch> out = new ArrayList<>();
        List<Entry> pending = new ArrayList<>();
        for (Entry e : entries) {
            // A tick between the last entry and this one seals what is due by age.
            // (Trailing events wait for the next reading, as in BatchPlan; here one always follows at once.)
            if (!pending.isEmpty() && pending.get(pending.size() - 1).reading() != null
                    && ceilToSecond(pending.get(0).ts() + policy.maxDelayMs()) < e.ts()) {
                out.add(batch(pending));
                pending.clear();
            }
            pending.add(e);
            boolean hasEvent = pending.stream().anyMatch(p -> p.event() != null);
            long readings = pending.stream().filter(p -> p.reading() != null).count();
            if (e.reading() != null && (readings == MAX_READINGS || policy.eventSeals() && hasEvent
                    || e.ts() - pending.get(0).ts() >= policy.maxDelayMs())) {
                out.add(batch(pending));
                pending.clear();
            }
        }
        if (!pending.isEmpty() && pending.stream().anyMatch(p -> p.reading() != null)) {
            out.add(batch(pending));
        }
        return out;
    }

    private static long ceilToSecond(long ms) {
        return (ms + 999) / 1000 * 1000;
    }

    private static ReadingsBatch batch(List<Entry> entries) {
        return Batches.of(entries.stream().filter(e -> e.reading() != null).map(Entry::reading).toList(),
                entries.stream().filter(e -> e.event() != null).map(Entry::event).toList());
    }
}
