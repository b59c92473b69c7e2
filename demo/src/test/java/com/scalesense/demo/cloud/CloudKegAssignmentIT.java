package com.scalesense.demo.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.demo.BarNight;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.Scales;
import com.scalesense.demo.scale.SimClock;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.sink.admin.AssignmentCheck;
import com.scalesense.sink.admin.Beer;
import com.scalesense.sink.admin.BeerLibrary;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegAssignment;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.tables.AssignmentAttrs;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 17 with real parts: a keg of a location's custom beer assigned in the cloud
 * ({@code KegAssigner}) is published as {@code assign_keg} on the embedded HiveMQ (the demo's
 * stand-in for the IoT data plane), reaches a real agent on the simulated scale through its
 * command subscription, and the agent's readings then carry the new keg_id, which the sink
 * (behind the local IoT Rule, on DynamoDB Local) marks applied. Fails on the code before issue 17:
 * no command was sent, and the agent refused the custom beer's beer_id.
 */
class CloudKegAssignmentIT {

    private static final long SEED = 17;
    /** Bar time runs 240x: a reading every 60 s of it is one every 0.25 real seconds. */
    private static final double SPEED = 240;
    /** A day of bar time (six real minutes): far more than the test needs, so the world never runs out first. */
    private static final long EVENING_S = 24 * 3600;
    /** Hang guard of each wait (a healthy run needs seconds); both fit in the world's six minutes. */
    private static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final long START_MS = LocalDateTime.of(2026, 11, 20, 17, 0).atZone(BarNight.BAR_ZONE)
            .toInstant().toEpochMilli();

    @TempDir
    Path work;

    @Test
    void a_keg_assigned_in_the_cloud_reaches_the_agent_and_its_readings_apply_it() {
        TapPlan tap = BarEvening.taps(1).get(0);
        onTheScale(tap, (cloud, time, scale, firstKeg) -> {
            // the first keg, assigned before the scale started, is applied by its first readings
            awaitApplied(cloud, tap, firstKeg, null);

            // when the bar puts on a keg of its own house ale, in the cloud
            new BeerLibrary(cloud.tables().client(), cloud.tables().names(), time.clock())
                    .create(new Beer("house-ale", BarEvening.LOC_ID, "House Ale", "Demo Taproom", "Pale Ale", 5.2, 1.012));
            KegAssignment next = new KegAssigner(cloud.tables().client(), cloud.tables().names(), time.clock(),
                    new KegIds(time.clock(), new Random(SEED)), cloud.commands())
                    .assign(BarEvening.LOC_ID, tap.tapNumber(), "loc-001#house-ale", tap.kegType().wireName());

            // then the broker took the command, the agent applied it and its readings applied it in the cloud
            assertThat(next.commandSent()).isTrue();
            assertThat(next.deviceId()).isEqualTo(tap.deviceId());
            awaitApplied(cloud, tap, next.kegId(), check(cloud, time));
            assertThat(scale.kegId()).isEqualTo(next.kegId());
            Map<String, AttributeValue> state = item(cloud, Keys.tapState(BarEvening.LOC_ID, tap.tapNumber()));
            assertThat(Attr.str(state, "keg_id")).isEqualTo(next.kegId());
            assertThat(Attr.str(item(cloud, Keys.tapConfig(BarEvening.LOC_ID, tap.tapNumber())), "beer_id"))
                    .isEqualTo("loc-001#house-ale");
        });
    }

    @Test
    void a_keg_assigned_new_and_full_in_the_cloud_makes_the_agent_claim_its_level() {
        TapPlan plan = BarEvening.taps(1).get(0);
        // a keg just tapped: full, and so few pours that it is still full when the cloud's assignment comes
        TapPlan tap = new TapPlan(plan.tapNumber(), plan.deviceId(), plan.hardwareId(), plan.beerRef(), plan.beerName(),
                plan.sg(), plan.kegType(), 100, 0.5);
        onTheScale(tap, (cloud, time, scale, firstKeg) -> {
            awaitApplied(cloud, tap, firstKeg, null);
            assertThat(Attr.str(item(cloud, Keys.tapState(BarEvening.LOC_ID, tap.tapNumber())), "tare_status"))
                    .as("assigned without full: an estimate").isEqualTo("pending");

            // when the bar says, in the cloud, that the keg on the tap is a new one, full from the brewery
            KegAssignment full = new KegAssigner(cloud.tables().client(), cloud.tables().names(), time.clock(),
                    new KegIds(time.clock(), new Random(SEED + 1)), cloud.commands())
                    .assign(BarEvening.LOC_ID, tap.tapNumber(), tap.beerRef(), tap.kegType().wireName(), null, true);

            // then the agent takes its weight as the keg's full weight and its readings say full_set
            awaitApplied(cloud, tap, full.kegId(), check(cloud, time));
            await("tare_status full_set").atMost(PATIENCE).pollInterval(Duration.ofMillis(500)).untilAsserted(() ->
                    assertThat(Attr.str(item(cloud, Keys.tapState(BarEvening.LOC_ID, tap.tapNumber())), "tare_status"))
                            .isEqualTo("full_set"));
        });
    }

    /** What a test does while the tap's scale runs: its first keg (assigned before it started) is {@code firstKeg}. */
    private interface Scene {
        void play(LocalCloud cloud, SimClock time, DemoScale scale, String firstKeg);
    }

    /**
     * A local cloud with the bar's tap assigned, a real agent on the simulated scale under it, then
     * {@code scene}; no message of the scale may have been rejected.
     */
    private void onTheScale(TapPlan tap, Scene scene) {
        SimClock time = new SimClock(START_MS, SPEED, System::nanoTime);
        try (LocalCloud cloud = LocalCloud.start(work, time.clock(), SEED)) {
            String firstKeg = BarSetup.prepare(cloud.tables(), cloud.commands(), BarEvening.LOC_ID, java.util.List.of(tap),
                    work, time.clock(), SEED).get(tap.tapNumber());
            DemoScale scale = Scales.build(tap, BarEvening.LOC_ID, firstKeg, work.resolve("scale"), cloud.broker().uri(),
                    time, EVENING_S, SEED, new Ledger());
            time.start();
            scale.start();
            try {
                scene.play(cloud, time, scale, firstKeg);
                assertThat(cloud.rule().rejected()).as("rejected messages").isZero();
            } finally {
                scale.stop();
            }
        }
    }

    private static AssignmentCheck check(LocalCloud cloud, SimClock time) {
        return new AssignmentCheck(cloud.tables().client(), cloud.tables().names(), time.clock(), cloud.commands());
    }

    /**
     * Waits until the tap's config names {@code kegId} applied. {@code check} (the scheduled
     * re-send, idempotent) runs on each poll when given, as it would in production, so a command
     * lost before the agent's subscription stood still arrives.
     */
    private static void awaitApplied(LocalCloud cloud, TapPlan tap, String kegId, AssignmentCheck check) {
        await("keg " + kegId + " applied on tap " + tap.tapNumber()).atMost(PATIENCE).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    if (check != null) {
                        check.run();
                    }
                    Map<String, AttributeValue> config = item(cloud, Keys.tapConfig(BarEvening.LOC_ID, tap.tapNumber()));
                    assertThat(Attr.str(config, AssignmentAttrs.KEG_ID)).isEqualTo(kegId);
                    assertThat(Attr.str(config, AssignmentAttrs.STATUS)).isEqualTo(AssignmentAttrs.APPLIED);
                });
    }

    private static Map<String, AttributeValue> item(LocalCloud cloud, com.scalesense.sink.tables.ItemKey key) {
        return cloud.tables().item(key);
    }
}
