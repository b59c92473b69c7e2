package com.scalesense.sink.alerts;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.alerts.AlertChanges.StateChange;
import com.scalesense.sink.alerts.AlertChanges.Transition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Walks a batch's readings in time order through the alert state machines of one tap and its
 * device. Pure: the same state and readings always give the same changes, which is what makes a
 * redelivered batch converge. Time is the readings' own timestamps, so a batch of 100 readings
 * buffered offline passes through a grace period exactly as 100 live readings would.
 *
 * <p>Rules: low_keg when level_pct &lt; low_keg_pct continuously for grace_period_secs (seed 000
 * grace period; a recovery inside the grace period leaves no history); low_battery when
 * battery_pct &lt; low_battery_pct (resolved 5 points above it); sensor_error while the hx711 status is "error"
 * (from readings' sensor_status and from sensor_error events). Each fires and
 * resolves once per lifecycle; keg_unassigned while the batch names no keg_id but its readings show
 * a keg on the platform (a swap the scale noticed by itself, or a keg never assigned), resolved by
 * the first reading that names one again. Readings with clock_synced=false are skipped: their order relative
 * to synced readings is unknown. A reading not newer than an alert's last transition is ignored
 * for that alert, so stale input never rewinds an alert.
 */
public final class AlertEvaluator {

    /**
     * Percentage points above low_battery_pct a firing low_battery alert needs to resolve. A fuel
     * gauge's state of charge moves by a few points with load and temperature; 5 points is our choice
     * (not from a datasheet) to tell that wobble from real charging.
     */
    public static final double BATTERY_HYSTERESIS_PCT = 5;

    /** The sensor whose status drives sensor_error (our only load-cell ADC). */
    public static final String LOAD_CELL_SENSOR = "hx711";

    /**
     * @param kegId        the batch's keg_id, null when the scale names none
     * @param receivedAtMs when the sink received the batch, epoch ms: a message from a device
     *                     resolves its offline alert
     */
    public AlertChanges evaluate(LocationSettings settings, AlertState before, String tapEntity,
                                 String deviceEntity, String kegId, List<Reading> readings, List<DeviceEvent> events,
                                 long receivedAtMs) {
        List<Transition> history = new ArrayList<>();
        List<StateChange> stateLog = new ArrayList<>();
        AlertState state = immediate(before, AlertType.OFFLINE, deviceEntity, receivedAtMs, false, 0, history);
        for (Object seen : timeline(readings, events)) {
            if (seen instanceof DeviceEvent.SensorError e) {
                state = immediate(state, AlertType.SENSOR_ERROR, deviceEntity, e.timestampMs(),
                        e.status() == SensorStatus.ERROR, 0, history);
                state = deviceState(state, deviceEntity, e.timestampMs(), stateLog);
                continue;
            }
            Reading r = (Reading) seen;
            state = lowKeg(settings, state, tapEntity, r, history);
            state = immediate(state, AlertType.KEG_UNASSIGNED, tapEntity, r.timestampMs(), unassigned(kegId, r), 0,
                    history);
            state = immediate(state, AlertType.LOW_BATTERY, deviceEntity, r.timestampMs(),
                    lowBattery(settings, state, deviceEntity, r.batteryPct()),
                    r.batteryPct() == null ? 0 : r.batteryPct(), history);
            SensorStatus hx = r.sensorStatus().get(LOAD_CELL_SENSOR);
            state = immediate(state, AlertType.SENSOR_ERROR, deviceEntity, r.timestampMs(),
                    hx == null ? null : hx == SensorStatus.ERROR, 0, history);
            state = deviceState(state, deviceEntity, r.timestampMs(), stateLog);
        }
        return new AlertChanges(before, state, history, stateLog);
    }

    /**
     * Synced readings and synced hx711 sensor-error events in time order (a reading first on a tie):
     * an event gives the exact instant the sensor failed or recovered between two readings.
     */
    private static List<Object> timeline(List<Reading> readings, List<DeviceEvent> events) {
        List<Object> out = new ArrayList<>();
        readings.stream().filter(Reading::clockSynced).forEach(out::add);
        events.stream().filter(e -> e instanceof DeviceEvent.SensorError s && s.clockSynced()
                && LOAD_CELL_SENSOR.equals(s.sensor()) && s.status() != null).forEach(out::add);
        out.sort(Comparator.comparingLong((Object o) -> o instanceof Reading r ? r.timestampMs()
                : ((DeviceEvent) o).timestampMs()).thenComparing(o -> o instanceof Reading ? 0 : 1));
        return out;
    }

    /**
     * The offline check: fires the device's offline alert if it is not already firing.
     *
     * @param lastSeenMs when the device was last heard from, epoch ms (recorded as the alert's value in seconds ago)
     */
    public AlertChanges offline(AlertState before, String deviceEntity, long nowMs, long lastSeenMs) {
        List<Transition> history = new ArrayList<>();
        AlertState after = immediate(before, AlertType.OFFLINE, deviceEntity, nowMs, true,
                (nowMs - lastSeenMs) / 1000.0, history);
        return new AlertChanges(before, after, history, List.of());
    }

    /**
     * The broker saw the device connect at {@code atMs}: its offline alert, if firing, resolves then
     * (the next batch may be up to {@code batch.max_delay} away).
     */
    public AlertChanges online(AlertState before, String deviceEntity, long atMs) {
        List<Transition> history = new ArrayList<>();
        AlertState after = immediate(before, AlertType.OFFLINE, deviceEntity, atMs, false, 0, history);
        return new AlertChanges(before, after, history, List.of());
    }

    private static AlertState lowKeg(LocationSettings s, AlertState state, String entity, Reading r,
                                     List<Transition> history) {
        Double level = r.levelPct();
        var active = state.active(AlertType.LOW_KEG, entity);
        long last = Math.max(active.map(ActiveAlert::observedAtMs).orElse(Long.MIN_VALUE),
                state.lowKegSinceMs() == null ? Long.MIN_VALUE : state.lowKegSinceMs());
        long t = r.timestampMs();
        if (level == null || t <= last) {
            return state;
        }
        boolean low = level < s.lowKegPct();
        if (active.isPresent() && active.get().firing()) {
            return low ? state : transition(state, AlertType.LOW_KEG, entity, false, t, level, history);
        }
        if (!low) {
            return state.lowKegSinceMs() == null ? state : state.withLowKegSince(null);
        }
        long since = state.lowKegSinceMs() == null ? t : state.lowKegSinceMs();
        if (t - since >= s.gracePeriodSecs() * 1000) {
            return transition(state.withLowKegSince(null), AlertType.LOW_KEG, entity, true, t, level, history);
        }
        return state.withLowKegSince(since);
    }

    /**
     * A keg on the platform that the batch names no keg_id for; null (no evidence either way) while
     * the platform is empty or the sensor failed: an empty platform is no keg to assign.
     */
    private static Boolean unassigned(String kegId, Reading r) {
        if (kegId != null) {
            return false;
        }
        return r.kegState() == KegState.KEG_ABSENT || r.kegState() == KegState.INVALID ? null : true;
    }

    /**
     * Low below low_battery_pct; once firing, resolved only at {@link #BATTERY_HYSTERESIS_PCT} above
     * it, so a gauge wobbling around the threshold does not fire and resolve every minute.
     */
    private static Boolean lowBattery(LocationSettings s, AlertState state, String entity, Double pct) {
        if (pct == null) {
            return null;
        }
        boolean firing = state.active(AlertType.LOW_BATTERY, entity).map(ActiveAlert::firing).orElse(false);
        return pct < s.lowBatteryPct() + (firing ? BATTERY_HYSTERESIS_PCT : 0);
    }

    private static AlertState immediate(AlertState state, AlertType type, String entity, long t, Boolean condition,
                                        double value, List<Transition> history) {
        if (condition == null) {
            return state;
        }
        var active = state.active(type, entity);
        if (active.isPresent() && t <= active.get().observedAtMs()) {
            return state;
        }
        boolean firing = active.map(ActiveAlert::firing).orElse(false);
        return condition == firing ? state : transition(state, type, entity, condition, t, value, history);
    }

    static AlertState transition(AlertState state, AlertType type, String entity, boolean fired, long t,
                                 double value, List<Transition> history) {
        history.add(new Transition(type, entity, fired, t, value));
        return state.with(new ActiveAlert(type, entity, fired, t, value));
    }

    private static AlertState deviceState(AlertState state, String deviceEntity, long t, List<StateChange> log) {
        DeviceState now;
        String reason;
        if (state.active(AlertType.SENSOR_ERROR, deviceEntity).map(ActiveAlert::firing).orElse(false)) {
            now = DeviceState.ERROR;
            reason = AlertType.SENSOR_ERROR.wire();
        } else if (state.active(AlertType.LOW_BATTERY, deviceEntity).map(ActiveAlert::firing).orElse(false)) {
            now = DeviceState.WARNING;
            reason = AlertType.LOW_BATTERY.wire();
        } else {
            now = DeviceState.OK;
            reason = "ok";
        }
        // A device never seen is OK: only real transitions are logged, so the log does not depend on
        // which batch happened to arrive first.
        DeviceState previous = state.deviceState() == null ? DeviceState.OK : state.deviceState();
        if (now == previous || t <= state.deviceStateAtMs()) {
            return state;
        }
        log.add(new StateChange(previous, now, t, reason));
        return state.withDeviceState(now, t);
    }
}
