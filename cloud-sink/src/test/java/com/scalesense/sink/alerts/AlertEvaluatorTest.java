package com.scalesense.sink.alerts;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.testing.Batches;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlertEvaluatorTest {

    private static final String TAP = "TAP#07";
    private static final String DEVICE = "DEVICE#SCALE-0042";
    private static final String KEG = "keg-20260318-007";
    private final AlertEvaluator evaluator = new AlertEvaluator();
    private final LocationSettings settings = LocationSettings.DEFAULTS;

    private AlertChanges run(AlertState before, List<Reading> readings) {
        return evaluator.evaluate(settings, before, TAP, DEVICE, KEG, readings, List.of(), T0 + 10 * 3_600_000L);
    }

    @Test
    void low_keg_starts_a_grace_period_before_it_fires() {
        var changes = run(AlertState.NONE, List.of(Batches.reading(T0, 10, 80)));

        assertThat(changes.after().lowKegSinceMs()).isEqualTo(T0);
        assertThat(changes.history()).isEmpty();
    }

    @Test
    void low_keg_fires_once_grace_period_of_900_s_has_passed() {
        // Seed 000 default grace_period_secs = 900: 15 readings 60 s apart reach it exactly.
        var changes = run(AlertState.NONE, Batches.series(T0, 16, 10, 0));

        assertThat(changes.history()).singleElement().satisfies(t -> {
            assertThat(t.type()).isEqualTo(AlertType.LOW_KEG);
            assertThat(t.atMs()).isEqualTo(T0 + 15 * INTERVAL_MS);
        });
        assertThat(changes.after().lowKegSinceMs()).isNull();
    }

    @Test
    void same_input_gives_same_changes() {
        var readings = Batches.series(T0, 20, 16, 0.5);

        assertThat(run(AlertState.NONE, readings)).isEqualTo(run(AlertState.NONE, readings));
    }

    @Test
    void unsynced_readings_change_no_alert() {
        var r = Batches.reading(T0, 5, 5);
        var unsynced = new Reading(r.timestampMs(), r.levelPct(), r.gallons(), r.weightLbs(), r.pintsLeft(),
                r.pourRateGph(), r.hoursRemaining(), r.batteryV(), r.batteryPct(), r.temperatureC(),
                r.sensorStatus(), false, r.kegState(), r.tareStatus());

        assertThat(run(AlertState.NONE, List.of(unsynced)).isEmpty()).isTrue();
    }

    @Test
    void a_firing_low_keg_stays_firing_through_disturbed_and_level_less_readings() {
        // issue 12: the scale now sends keg_state disturbed (a crate or a lean on the keg) with the keg's own
        // held level, and no level at all before its first settled weight; neither may resolve low_keg
        var firing = run(AlertState.NONE, Batches.series(T0, 16, 10, 0)).after();
        long t = T0 + 16 * INTERVAL_MS;
        var disturbed = as(Batches.reading(t, 10, 80), 10.0, KegState.DISTURBED);
        var startUp = as(Batches.reading(t + INTERVAL_MS, 10, 80), null, KegState.SETTLING);

        var changes = run(firing, List.of(disturbed, startUp));

        assertThat(changes.history()).isEmpty();
        assertThat(changes.after().active(AlertType.LOW_KEG, TAP)).hasValueSatisfying(a -> assertThat(a.firing()).isTrue());
    }

    private static Reading as(Reading r, Double level, KegState state) {
        return new Reading(r.timestampMs(), level, level == null ? null : r.gallons(), r.weightLbs(),
                level == null ? null : r.pintsLeft(), r.pourRateGph(), level == null ? null : r.hoursRemaining(),
                r.batteryV(), r.batteryPct(), r.temperatureC(), r.sensorStatus(), true, state, r.tareStatus());
    }

    @Test
    void first_healthy_reading_logs_no_state_change() {
        assertThat(run(AlertState.NONE, List.of(Batches.reading(T0, 80, 80))).stateLog()).isEmpty();
    }

    @Test
    void low_battery_wobbling_around_the_threshold_fires_once_and_resolves_only_when_charged() {
        // Default low_battery_pct 20: 19 fires; 21 and 24 are noise; 25 (= 20 + 5) is charging.
        var readings = List.of(Batches.reading(T0, 80, 19), Batches.reading(T0 + INTERVAL_MS, 80, 21),
                Batches.reading(T0 + 2 * INTERVAL_MS, 80, 19), Batches.reading(T0 + 3 * INTERVAL_MS, 80, 24),
                Batches.reading(T0 + 4 * INTERVAL_MS, 80, 25));

        var changes = run(AlertState.NONE, readings);

        assertThat(changes.history()).extracting(AlertChanges.Transition::fired).containsExactly(true, false);
        assertThat(changes.history().get(1).atMs()).isEqualTo(T0 + 4 * INTERVAL_MS);
    }

    @Test
    void sensor_error_event_between_readings_fires_at_the_event_instant() {
        var failed = new DeviceEvent.SensorError(T0 + 30_000, true, "hx711", SensorStatus.ERROR, "dout stuck high");
        var readings = List.of(Batches.reading(T0, 80, 80), Batches.sensorError(T0 + INTERVAL_MS, 80));

        var changes = evaluator.evaluate(settings, AlertState.NONE, TAP, DEVICE, KEG, readings, List.of(failed), T0);

        assertThat(changes.history()).singleElement().satisfies(t -> {
            assertThat(t.type()).isEqualTo(AlertType.SENSOR_ERROR);
            assertThat(t.atMs()).isEqualTo(T0 + 30_000);
        });
        assertThat(changes.stateLog()).singleElement()
                .satisfies(c -> assertThat(c.state()).isEqualTo(DeviceState.ERROR));
    }

    @Test
    void keg_unassigned_fires_when_the_scale_holds_a_keg_it_cannot_name_and_resolves_when_it_names_one() {
        var swapped = evaluator.evaluate(settings, AlertState.NONE, TAP, DEVICE, null,
                List.of(Batches.reading(T0, 100, 80)), List.of(), T0);
        var named = evaluator.evaluate(settings, swapped.after(), TAP, DEVICE, KEG,
                List.of(Batches.reading(T0 + INTERVAL_MS, 100, 80)), List.of(), T0 + INTERVAL_MS);

        assertThat(swapped.history()).singleElement().satisfies(t -> {
            assertThat(t.type()).isEqualTo(AlertType.KEG_UNASSIGNED);
            assertThat(t.entity()).isEqualTo(TAP);
            assertThat(t.fired()).isTrue();
            assertThat(t.atMs()).isEqualTo(T0);
        });
        assertThat(named.history()).singleElement().satisfies(t -> {
            assertThat(t.type()).isEqualTo(AlertType.KEG_UNASSIGNED);
            assertThat(t.fired()).isFalse();
        });
    }

    @Test
    void an_empty_platform_without_a_keg_id_is_no_keg_to_assign() {
        Reading r = Batches.reading(T0, 0, 80);
        Reading absent = new Reading(T0, null, null, 0.4, null, null, null, r.batteryV(), r.batteryPct(), 4.5,
                r.sensorStatus(), true, KegState.KEG_ABSENT, TareStatus.PENDING);

        var changes = evaluator.evaluate(settings, AlertState.NONE, TAP, DEVICE, null, List.of(absent), List.of(), T0);

        assertThat(changes.history()).isEmpty();
    }
}
