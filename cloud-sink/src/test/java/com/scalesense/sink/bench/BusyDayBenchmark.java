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
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
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
 * {@code batch.max_delay}, 2 h). The rows marked + take the same pours as the agent records them now
 * ({@link #agentDays}): keg swaps, the keg unassigned until the bar assigns the next one, the first
 * batch of a keg sealed at once, and (++) the low-keg proof reading sealed at once. Each batch and
 * state message arrives {@value #ARRIVAL_LAG_MS} ms after its
 * newest entry. Units are computed from the items written by DynamoDB's billing rules, every
 * table and index counted ({@code WriteMeter}).
 * <p>
 * Properties: {@code bench.days} (7), {@code bench.pours} per day (150), {@code bench.max_delay_s}
 * (480, e65b596's row), {@code bench.bulk_delay_s} (7200, the bulk rows), {@code bench.assign_delay_s} (600: how
 * long a keg swapped in waits for the bar to assign it), {@code bench.seed} (1). Run:
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

    /**
     * One outbox entry: a reading, or an event (a pour's end, a keg swap).
     *
     * @param kegId  the keg of the batch context it was recorded under, null while the keg swapped in is unassigned
     * @param atOnce a reading the low_keg alert waits for: the agent seals its batch at once ({@code SealNow})
     */
    record Entry(long ts, Reading reading, DeviceEvent event, String kegId, boolean atOnce) {

        Entry(long ts, Reading reading, DeviceEvent event) {
            this(ts, reading, event, Batches.KEG_ID, false);
        }
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
        long assignDelay = Long.getLong("bench.assign_delay_s", 600) * 1000;
        List<Entry> entries = days(days, pours, new Random(seed));
        List<Entry> swapped = agentDays(days, pours, new Random(seed), assignDelay, null);
        List<Entry> lowKeg = agentDays(days, pours, new Random(seed), assignDelay, LOW_KEG);
        List<Entry> withCrossing = agentDays(days, pours, new Random(seed), assignDelay,
                new LowKeg(LOW_KEG.pct(), LOW_KEG.graceMs(), true));
        long readings = entries.stream().filter(e -> e.reading() != null).count();
        System.out.printf(Locale.ROOT, "busy days: %d day(s), %d pours a day in 11 opening hours, a reading every 60 s"
                + " and one at each pour's end: %d readings, %d pours; DynamoDB Local in process%n",
                days, pours, readings, entries.size() - readings);
        System.out.printf(Locale.ROOT, "rows marked +: the same days as the agent runs them: each empty keg swapped"
                + " (keg_swap event, unassigned until the bar assigns the new keg %d s later), %d readings, %d keg"
                + " changes; ++ adds the low-keg seals (15 %%, 900 s): %d readings at once%n", assignDelay / 1000,
                swapped.stream().filter(e -> e.reading() != null).count(),
                swapped.stream().filter(e -> e.event() instanceof DeviceEvent.KegSwap).count(),
                lowKeg.stream().filter(Entry::atOnce).count());
        System.out.printf(Locale.ROOT, "%-52s %8s %9s %12s %9s %12s%n", "agent batching", "batches", "readings",
                "rdg/batch", "WCU", "WCU/reading");
        Policy[] policies = {
            new Policy("14c9ac6: seal at 60 s", MINUTE, false, false),
            new Policy("e65b596: event seals at once, else " + maxDelay / 1000 + " s", maxDelay, true, false),
            new Policy("f338986: pour state at once, bulk 100 rdg or " + bulkDelay / 1000 + " s", bulkDelay, false, true),
        };
        Policy agent = policies[2];
        try (LocalDynamo dynamo = LocalDynamo.start()) {
            // Warm-up on throwaway tables so JIT and SQLite caches favour neither policy.
            ingest(dynamo, deliveries(seal(entries.subList(0, Math.min(600, entries.size())), policies[0]), List.of()));
            for (Policy p : policies) {
                row(dynamo, p.name(), entries, p);
            }
            row(dynamo, "+ keg swaps, first batch of a keg at once (ecd86d7)", swapped, agent);
            row(dynamo, "++ and the low-keg proof at once (issue 18, this branch)", lowKeg, agent);
            row(dynamo, "++ the proof and the crossing at once (not taken)", withCrossing, agent);
        }
    }

    private static void row(LocalDynamo dynamo, String name, List<Entry> entries, Policy p) {
        long readings = entries.stream().filter(e -> e.reading() != null).count();
        List<ReadingsBatch> batches = seal(entries, p);
        Map<ForwardingSinkStore.WriteStep, Long> byStep = new EnumMap<>(ForwardingSinkStore.WriteStep.class);
        long units = ingest(dynamo, deliveries(batches, p.stateOnPour() ? states(entries) : List.of()), byStep);
        System.out.printf(Locale.ROOT, "%-52s %8d %9d %12.2f %9d %12.4f%n", name, batches.size(), readings,
                (double) readings / batches.size(), units, (double) units / readings);
        System.out.printf(Locale.ROOT, "    units by write: %s%n", byStep);
    }

    private static long ingest(LocalDynamo dynamo, List<Delivery> deliveries) {
        return ingest(dynamo, deliveries, new EnumMap<>(ForwardingSinkStore.WriteStep.class));
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
        // The bar assigns each keg swapped in (KegAssigner writes its KEG#/META): the sink authorises its readings.
        deliveries.stream().map(d -> d.message().kegId()).filter(Objects::nonNull).distinct()
                .forEach(k -> sink.keg(k, Batches.LOC_ID, Batches.TAP_ID));
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
        out.sort(Comparator.comparingLong(Delivery::arrivalMs).thenComparing(d -> d.state() ? 0 : 1));
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
                out.add(Batches.of(Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.TAP_ID, entries.get(i + 1).kegId(),
                        List.of(entries.get(i + 1).reading()), List.of(entries.get(i).event())));
            }
        }
        return out;
    }

    /** The days' entries in time order; the keg runs from 95 % down by each pour's volume. */
    static List<Entry> days(int days, int poursPerDay, Random random) {
        List<Entry> out = new ArrayList<>();
        double level = 95;
        double pourPct = PINT_PCT;
        for (int d = 0; d < days; d++) {
            long dayStart = dayStart(d);
            TreeSet<Long> pourEnds = pourEnds(dayStart, poursPerDay, random);
            long nextReading = dayStart;
            long last = Long.MIN_VALUE;
            while (nextReading < dayStart + DAY) {
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

    /** Half barrel, 15.5 gal = 1984 fl oz (seed 000); a 16 oz pint is 0.806 % of it. */
    private static final double PINT_PCT = 100 * 16 / 1984.0;
    private static final long DAY = 24 * 60 * MINUTE;

    /** A business day, 06:00 to 06:00 (the location's default day end), holds a whole opening. */
    private static long dayStart(int day) {
        return DAY0 + (6 + day * 24) * 60 * MINUTE;
    }

    /** A business day's pour ends: whole seconds in opening hours, at least 20 s apart (a pint takes ~8 s to pour). */
    private static TreeSet<Long> pourEnds(long dayStart, int poursPerDay, Random random) {
        TreeSet<Long> pourEnds = new TreeSet<>();
        while (pourEnds.size() < poursPerDay) {
            long at = dayStart + OPEN_FROM + (long) (random.nextDouble() * OPEN_FOR) / 1000 * 1000;
            Long near = pourEnds.floor(at + 20_000);
            if (near == null || near <= at - 20_000) {
                pourEnds.add(at);
            }
        }
        return pourEnds;
    }

    /**
     * The location's low-keg rule the agent follows (the cloud's defaults): 15 %, 900 s.
     *
     * @param crossingAtOnce the first low reading is sealed at once too, not only the one a grace period later
     */
    record LowKeg(double pct, long graceMs, boolean crossingAtOnce) {
    }

    static final LowKeg LOW_KEG = new LowKeg(15, 900_000, false);

    /**
     * The same days as {@link #days} (same pours), as the agent records them now: the pour that would
     * take the keg under 5 % is the keg swapped instead (the empty one lifted off, a full one set down:
     * a {@code keg_swap} event and its reading, under no keg_id), the bar assigns the new keg
     * {@code assignDelayMs} later (a reading is taken then, {@code MeasurementPipeline.assignKeg}), and,
     * with {@code low}, the first reading under its level and the first one its grace period later are
     * marked at once, that later one taken at the crossing plus the grace period ({@code LowLevelWatch}).
     */
    static List<Entry> agentDays(int days, int poursPerDay, Random random, long assignDelayMs, LowKeg low) {
        List<Entry> out = new ArrayList<>();
        double level = 95;
        String keg = Batches.KEG_ID;
        int kegs = 0;
        long assignAt = Long.MAX_VALUE;
        long crossedAt = Long.MIN_VALUE;
        boolean proved = false;
        for (int d = 0; d < days; d++) {
            TreeSet<Long> pourEnds = pourEnds(dayStart(d), poursPerDay, random);
            long nextReading = dayStart(d);
            long last = Long.MIN_VALUE;
            long dayEnd = dayStart(d) + DAY;
            while (true) {
                long proof = low == null || crossedAt == Long.MIN_VALUE || proved ? Long.MAX_VALUE : crossedAt + low.graceMs();
                long t = Math.min(nextReading, Math.min(assignAt, proof));
                Long pour = pourEnds.isEmpty() ? null : pourEnds.first();
                boolean pourFirst = pour != null && pour < t;
                if ((pourFirst ? pour : t) >= dayEnd) {
                    break;
                }
                long at = Math.max(pourFirst ? pour : t, last + 1);
                if (pourFirst) {
                    pourEnds.pollFirst();
                    if (level - PINT_PCT < 5) {
                        out.add(new Entry(at, null, new DeviceEvent.KegSwap(at, true, keg, null, 155), null, false));
                        keg = null;
                        level = 95;
                        assignAt = at + assignDelayMs;
                    } else {
                        level -= PINT_PCT;
                        out.add(new Entry(at, null, Batches.pour(at, 16), keg, false));
                    }
                } else if (t == assignAt) {
                    keg = String.format(Locale.ROOT, "keg-20261123-%04d", ++kegs);
                    assignAt = Long.MAX_VALUE;
                }
                boolean atOnce = false;
                if (low != null && level >= low.pct()) {
                    crossedAt = Long.MIN_VALUE;
                    proved = false;
                } else if (low != null && crossedAt == Long.MIN_VALUE) {
                    crossedAt = at;
                    atOnce = low.crossingAtOnce();
                } else if (low != null && !proved && at - crossedAt >= low.graceMs()) {
                    proved = true;
                    atOnce = true;
                }
                out.add(new Entry(at, Batches.reading(at, level, 80), null, keg, atOnce));
                last = at;
                nextReading = at + MINUTE;
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
        String[] lastSealed = null; // the keg of the last batch sealed, boxed: null before the first
        for (Entry e : entries) {
            // A tick between the last entry and this one seals what is due by age.
            // (Trailing events wait for the next reading, as in BatchPlan; here one always follows at once.)
            if (!pending.isEmpty() && pending.get(pending.size() - 1).reading() != null
                    && ceilToSecond(pending.get(0).ts() + policy.maxDelayMs()) < e.ts()) {
                out.add(batch(pending));
                lastSealed = new String[] {pending.get(pending.size() - 1).kegId()};
                pending.clear();
            }
            // Another keg closes the batch at its last reading; events after it go with the next (BatchPlan).
            int lastReading = lastReading(pending);
            if (e.reading() != null && lastReading >= 0 && !Objects.equals(pending.get(lastReading).kegId(), e.kegId())) {
                out.add(batch(pending.subList(0, lastReading + 1)));
                lastSealed = new String[] {pending.get(lastReading).kegId()};
                pending = new ArrayList<>(pending.subList(lastReading + 1, pending.size()));
            }
            pending.add(e);
            boolean hasEvent = pending.stream().anyMatch(p -> p.event() != null);
            boolean swap = pending.stream().anyMatch(p -> p.event() instanceof DeviceEvent.KegSwap);
            boolean atOnce = pending.stream().anyMatch(Entry::atOnce);
            // The first batch after a keg change seals at once (20e3337), as do a swap and a low-keg reading.
            boolean newKeg = lastSealed != null && !Objects.equals(lastSealed[0], e.kegId());
            long readings = pending.stream().filter(p -> p.reading() != null).count();
            if (e.reading() != null && (readings == MAX_READINGS || policy.eventSeals() && hasEvent || swap || atOnce
                    || newKeg || e.ts() - pending.get(0).ts() >= policy.maxDelayMs())) {
                out.add(batch(pending));
                lastSealed = new String[] {e.kegId()};
                pending.clear();
            }
        }
        if (!pending.isEmpty() && pending.stream().anyMatch(p -> p.reading() != null)) {
            out.add(batch(pending));
        }
        return out;
    }

    private static int lastReading(List<Entry> pending) {
        for (int i = pending.size() - 1; i >= 0; i--) {
            if (pending.get(i).reading() != null) {
                return i;
            }
        }
        return -1;
    }

    private static long ceilToSecond(long ms) {
        return (ms + 999) / 1000 * 1000;
    }

    private static ReadingsBatch batch(List<Entry> entries) {
        String keg = entries.get(lastReading(entries)).kegId();
        return Batches.of(Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.TAP_ID, keg,
                entries.stream().filter(e -> e.reading() != null).map(Entry::reading).toList(),
                entries.stream().filter(e -> e.event() != null).map(Entry::event).toList());
    }
}
