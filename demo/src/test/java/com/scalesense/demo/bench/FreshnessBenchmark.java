package com.scalesense.demo.bench;

import com.scalesense.demo.cloud.BarSetup;
import com.scalesense.demo.cloud.LocalCloud;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.Scales;
import com.scalesense.demo.scale.SimClock;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Pour end to {@code TAP#STATE}, in real time, through the real parts (issue 18): the demo's
 * pipeline (embedded HiveMQ, the local IoT rule, the sink on DynamoDB Local) and real agents
 * ({@code ScaleAgent}) on simulated scales with the agent's default batching ({@code batch.max_delay}
 * 2 h, so a pour's batch cannot bring it within the run: what arrives is the state message). The
 * simulated world runs {@code bench.speed} times real time only so that pours come often enough;
 * every step after the agent's outbox takes a pour's end runs in real time. For each pour the
 * clock starts when the agent's outbox took its end (the demo's ledger, told on the sampling
 * thread right before the state message goes out) and stops when a consistent read of the tap's
 * TAP#STATE first shows that instant or later; the tables are read every {@value #POLL_MS} ms,
 * which bounds the measurement's own error. Prints the distribution beside the goal.
 * <p>
 * Properties: {@code bench.scales} (4), {@code bench.speed} (20), {@code bench.minutes} of bar time
 * (120), {@code bench.seed} (20261122). Run:
 * {@code ./mvnw -B -q -o -pl demo -Pbench-fresh verify}.
 */
public final class FreshnessBenchmark {

    static final long POLL_MS = 20;
    /** Real time left after the evening for the last pours' states. */
    private static final Duration GRACE = Duration.ofSeconds(15);

    private FreshnessBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        // As the demo's own main: HiveMQ brings logback, whose default would log INFO to stdout.
        System.setProperty("slf4j.provider", "org.tinylog.slf4j.TinylogSlf4jServiceProvider");
        int scales = Integer.getInteger("bench.scales", 4);
        double speed = Double.parseDouble(System.getProperty("bench.speed", "20"));
        long minutes = Long.getLong("bench.minutes", 120);
        long seed = Long.getLong("bench.seed", 20261122);
        Path work = Files.createTempDirectory("freshness-bench");
        long eveningStart = Instant.parse("2026-11-27T00:00:00Z").toEpochMilli();
        SimClock time = new SimClock(eveningStart, speed, System::nanoTime);
        List<Long> latenciesNanos = new ArrayList<>();
        int pours;
        long states;
        try (LocalCloud cloud = LocalCloud.start(work, time.clock(), seed)) {
            List<TapPlan> taps = BarEvening.taps(scales);
            Map<String, String> kegs = BarSetup.prepare(cloud.tables(), cloud.commands(), BarEvening.LOC_ID, taps, work, time.clock(), seed);
            Ledger ledger = new Ledger();
            List<DemoScale> agents = new ArrayList<>();
            for (int i = 0; i < taps.size(); i++) {
                TapPlan tap = taps.get(i);
                agents.add(Scales.build(tap, BarEvening.LOC_ID, kegs.get(tap.tapNumber()),
                        work.resolve("scales").resolve(tap.deviceId()), cloud.broker().uri(), time, minutes * 60,
                        seed * 1_000 + i, ledger, "2h"));
            }
            System.out.printf(Locale.ROOT, "freshness: %d scale(s), %d min of bar time at x%.0f (%.0f s real), agents'"
                    + " default batching (batch.max_delay 2h), tables read every %d ms%n", scales, minutes, speed,
                    minutes * 60 / speed, POLL_MS);
            time.start();
            agents.forEach(DemoScale::start);
            Set<Ledger.Poured> done = new HashSet<>();
            long endSim = Duration.ofMinutes(minutes).toNanos();
            long stopAt = Long.MAX_VALUE;
            while (System.nanoTime() < stopAt) {
                if (stopAt == Long.MAX_VALUE && time.simNanos() >= endSim) {
                    stopAt = System.nanoTime() + GRACE.toNanos();
                }
                Map<String, Long> stateAt = new HashMap<>();
                long readAt = System.nanoTime();
                for (TapPlan tap : taps) {
                    var item = cloud.tables().client().getItem(g -> g.tableName(cloud.tables().names().scaleSense())
                            .key(Attr.key(Keys.tapState(BarEvening.LOC_ID, tap.tapNumber()))).consistentRead(true)).item();
                    Long at = Attr.num(item, "updated_at_ms");
                    stateAt.put(tap.tapNumber(), at == null ? Long.MIN_VALUE : at);
                }
                for (TapPlan tap : taps) {
                    for (Ledger.Poured p : ledger.pours(tap)) {
                        if (!done.contains(p) && stateAt.get(tap.tapNumber()) >= p.pour().timestampMs()) {
                            done.add(p);
                            latenciesNanos.add(readAt - p.heardAtNanos());
                        }
                    }
                }
                if (stopAt != Long.MAX_VALUE && done.size() == taps.stream().mapToInt(t -> ledger.pours(t).size()).sum()) {
                    break;
                }
                LockSupport.parkNanos(Duration.ofMillis(POLL_MS).toNanos());
            }
            pours = taps.stream().mapToInt(t -> ledger.pours(t).size()).sum();
            states = cloud.rule().states();
            agents.forEach(DemoScale::kill);
        }
        report(latenciesNanos, pours, states);
    }

    private static void report(List<Long> nanos, int pours, long states) {
        List<Long> sorted = new ArrayList<>(nanos);
        sorted.sort(null);
        System.out.printf(Locale.ROOT, "pours %d, seen on TAP#STATE %d, state messages the sink took %d%n", pours,
                sorted.size(), states);
        if (sorted.isEmpty()) {
            return;
        }
        System.out.printf(Locale.ROOT, "pour end -> TAP#STATE, real ms: min %.0f  median %.0f  p90 %.0f  p99 %.0f  max %.0f"
                        + "  (goal: median <= 3000, p99 <= 10000)%n", ms(sorted, 0), ms(sorted, 0.5), ms(sorted, 0.9),
                ms(sorted, 0.99), ms(sorted, 1));
    }

    /** Nearest-rank percentile, ms. */
    private static double ms(List<Long> sorted, double q) {
        int i = (int) Math.ceil(q * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i))) / 1e6;
    }
}
