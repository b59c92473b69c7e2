package com.scalesense.demo.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.demo.BarNight;
import com.scalesense.demo.report.StoredReadings;
import com.scalesense.demo.report.StoredReadings.Stored;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.Scales;
import com.scalesense.demo.scale.SimClock;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.agent.scale.ScaleMemory;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.NvsStores;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 18 with real parts: a real agent at its default batching ({@code batch.max_delay} 2 h) on a
 * simulated keg that runs low, the embedded HiveMQ, the sink behind the local IoT Rule on DynamoDB
 * Local. The low_keg alert needs the first reading a grace period (the demo location's 600 s) after
 * the first reading under 15 %; before issue 18's fix it waited in the outbox for the bulk batch
 * (100 readings, about 95 minutes). Here the bar's clock is stopped at 60 minutes, before any bulk
 * batch is due, and the alert must still arrive: deterministic however slow the machine is (the
 * wait is only a hang guard). Fails on the old code: the alert never comes while the clock stands.
 */
class LowKegAlertIT {

    private static final long SEED = 18;
    /** Bar time runs 240x: an hour of it is 15 real seconds. */
    private static final double SPEED = 240;
    private static final long EVENING_S = 6 * 3600;
    /** Where the bar's clock stops: after the crossing (about 8 min) plus the grace period, before any bulk batch. */
    private static final Duration STOP_AT = Duration.ofMinutes(60);
    private static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final long GRACE_MS = BarSetup.GRACE_PERIOD_SECS * 1000L;
    private static final long START_MS = LocalDateTime.of(2026, 11, 20, 17, 0).atZone(BarNight.BAR_ZONE)
            .toInstant().toEpochMilli();

    @TempDir
    Path work;

    @Test
    void the_low_keg_alert_arrives_with_the_reading_a_grace_period_after_the_crossing_not_with_the_bulk() {
        // the bar's clock, stopped at STOP_AT once it has started
        AtomicLong stopRealNanos = new AtomicLong(Long.MAX_VALUE);
        SimClock time = new SimClock(START_MS, SPEED, () -> Math.min(System.nanoTime(), stopRealNanos.get()));
        TapPlan four = BarEvening.taps(4).get(3);
        // tap 04's half barrel at 17 %, poured often: under 15 % within minutes
        TapPlan tap = new TapPlan(four.tapNumber(), four.deviceId(), four.hardwareId(), four.beerRef(), four.beerName(),
                four.sg(), four.kegType(), 17, 20);
        try (LocalCloud cloud = LocalCloud.start(work, time.clock(), SEED)) {
            String keg = BarSetup.prepare(cloud.tables(), cloud.commands(), BarEvening.LOC_ID, List.of(tap), work,
                    time.clock(), SEED).get(tap.tapNumber());
            DemoScale scale = Scales.build(tap, BarEvening.LOC_ID, keg, work.resolve("scale"), cloud.broker().uri(),
                    time, EVENING_S, SEED, new Ledger(), "2h");
            time.start();
            stopRealNanos.set(System.nanoTime() + time.realNanosUntil(STOP_AT.toNanos()));
            scale.start();
            try {
                // when the bar's clock stands at 60 minutes, no bulk batch due
                Map<String, AttributeValue> alert = awaitFiring(cloud, tap);

                // then the alert came from the reading the grace period after the first low one
                long firedBy = Attr.num(alert, "observed_at_ms");
                long crossing = crossingBefore(cloud, tap, firedBy);
                assertThat(firedBy - crossing).as("ms from the first low reading to the one that fired the alert")
                        .isBetween(GRACE_MS, GRACE_MS + 1_000);
                assertThat(firedBy).isLessThan(START_MS + STOP_AT.toMillis());
                assertThat(cloud.rule().rejected()).as("rejected messages").isZero();
            } finally {
                stopRealNanos.set(Long.MAX_VALUE); // let the agent's shutdown see time pass
                scale.stop();
            }
            // and the scale keeps the location's rule the sink sent it when it registered (set_low_keg)
            try (NvsStore nvs = NvsStores.open(work.resolve("scale").resolve("nvs.db"), time.clock())) {
                assertThat(new ScaleMemory(nvs).lowKegRule()).get().satisfies(rule -> {
                    assertThat(rule.gracePeriodSecs()).isEqualTo(BarSetup.GRACE_PERIOD_SECS);
                    assertThat(rule.lowKegPct()).isEqualTo(15);
                    assertThat(rule.issuedAtMs()).isPositive();
                });
            }
        }
    }

    private static Map<String, AttributeValue> awaitFiring(LocalCloud cloud, TapPlan tap) {
        var key = Keys.alertActive(BarEvening.LOC_ID, "low_keg", Keys.tapEntity(tap.tapNumber()));
        return await("low_keg firing on tap " + tap.tapNumber()).atMost(PATIENCE).pollInterval(Duration.ofMillis(250))
                .until(() -> cloud.tables().item(key), item -> "firing".equals(Attr.str(item, "status")));
    }

    /**
     * Timestamp of the first reading of the low run that ends at {@code firedBy}, from device_readings
     * (seed 001), epoch ms: the first reading under 15 % after the last one at or above it.
     */
    private static long crossingBefore(LocalCloud cloud, TapPlan tap, long firedBy) {
        List<Stored> readings = new StoredReadings(cloud.tables().client(), cloud.tables().names())
                .deviceReadings(tap.hardwareId());
        long crossing = LowRun.start(readings, firedBy, 15);
        String seen = readings.stream().filter(r -> r.timestampMs() <= firedBy && r.levelPct() != null)
                .map(r -> String.format(java.util.Locale.ROOT, " %+d:%s", (r.timestampMs() - firedBy) / 1000, r.levelPct()))
                .collect(java.util.stream.Collectors.joining());
        assertThat(crossing).as("levels before the alert (s from it: level_pct):" + seen).isNotEqualTo(Long.MIN_VALUE);
        return crossing;
    }
}
