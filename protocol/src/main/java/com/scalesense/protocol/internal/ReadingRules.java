package com.scalesense.protocol.internal;

import com.scalesense.protocol.Ids;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.PhysicalRanges;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import java.util.List;
import java.util.Map;

/** The rules of each {@link Reading} in a batch. */
final class ReadingRules {

    /** The load cell's ADC; its status decides whether a level may be given. */
    static final String HX711 = "hx711";
    /** At most this many sensors in one sensor_status map. */
    static final int MAX_SENSORS = 16;

    private static final String LIST = "readings";

    private ReadingRules() {
    }

    static void check(List<Reading> readings, BatchRules.Window window, Problems p) {
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < readings.size(); i++) {
            Reading r = readings.get(i);
            long ts = r.timestampMs();
            p.timestamp(LIST, i, "timestamp_ms", ts);
            if (window != null && !window.contains(ts)) {
                p.add(Problems.at(LIST, i, "timestamp_ms"), ts, window.rule());
            }
            if (ts <= previous) {
                p.add(Problems.at(LIST, i, "timestamp_ms"), ts, "must be strictly greater than the previous reading's "
                        + previous + ": device_readings' sort key is {timestamp_ms}#{batch_id}, so two readings of "
                        + "one batch in one millisecond would overwrite each other");
            }
            previous = ts;
            if (r.kegState() == null) {
                p.add(Problems.at(LIST, i, "keg_state"), null, "is required");
            }
            SensorStatus hx711 = sensors(r.sensorStatus(), i, p);
            p.range(LIST, i, "level_pct", r.levelPct(), PhysicalRanges.LEVEL_PCT, false);
            p.range(LIST, i, "gallons", r.gallons(), PhysicalRanges.GALLONS, false);
            p.range(LIST, i, "weight_lbs", r.weightLbs(), PhysicalRanges.WEIGHT_LBS, false);
            p.range(LIST, i, "pints_left", r.pintsLeft(), PhysicalRanges.PINTS_LEFT, false);
            if (hx711 != null) {
                levelMatchesSensor(r, i, hx711, p);
            }
            p.range(LIST, i, "pour_rate_gph", r.pourRateGph(), PhysicalRanges.POUR_RATE_GPH, false);
            p.range(LIST, i, "hours_remaining", r.hoursRemaining(), PhysicalRanges.HOURS_REMAINING, false);
            p.range(LIST, i, "battery_v", r.batteryV(), PhysicalRanges.BATTERY_V, false);
            p.range(LIST, i, "battery_pct", r.batteryPct(), PhysicalRanges.BATTERY_PCT, false);
            p.range(LIST, i, "temperature_c", r.temperatureC(), PhysicalRanges.TEMPERATURE_C, false);
        }
    }

    /** Checks the sensor_status map and returns the hx711 status, or null if it is missing. */
    private static SensorStatus sensors(Map<String, SensorStatus> status, int i, Problems p) {
        if (status.size() > MAX_SENSORS) {
            p.add(Problems.at(LIST, i, "sensor_status"), status.size() + " entries", "must have at most "
                    + MAX_SENSORS + " entries");
        }
        for (String name : status.keySet()) {
            if (!Ids.isName(name)) {
                p.add(Problems.at(LIST, i, "sensor_status"), name, "sensor names must be 1..32 characters of [a-z0-9_]");
            }
        }
        SensorStatus hx711 = status.get(HX711);
        if (hx711 == null) {
            p.add(Problems.at(LIST, i, "sensor_status.hx711"), null,
                    "is required: without it no one can tell whether the level is a measurement");
        }
        return hx711;
    }

    /** Level fields, in wire order; weight_lbs (index 2) is a plain measurement, the rest need a keg. */
    private static final String[] LEVEL_FIELDS = {"level_pct", "gallons", "weight_lbs", "pints_left"};
    private static final int WEIGHT = 2;

    /**
     * A fault never turns into a level: with hx711 in error all level fields are null. With it ok
     * the weight is always there, and the keg's level too unless the platform holds no keg
     * (keg_absent) or no level is known yet (settling at start-up, disturbed before any settled
     * weight), where a level of 0 would read as "keg ran dry" and raise a false alert.
     */
    private static void levelMatchesSensor(Reading r, int i, SensorStatus hx711, Problems p) {
        Double[] level = {r.levelPct(), r.gallons(), r.weightLbs(), r.pintsLeft()};
        boolean levelMayBeNull = r.kegState() == KegState.KEG_ABSENT || r.kegState() == KegState.SETTLING
                || r.kegState() == KegState.DISTURBED;
        for (int k = 0; k < level.length; k++) {
            if (hx711 == SensorStatus.ERROR && level[k] != null) {
                p.add(Problems.at(LIST, i, LEVEL_FIELDS[k]), level[k],
                        "must be null when sensor_status.hx711 is error: a fault never turns into a level");
            } else if (hx711 == SensorStatus.OK && level[k] == null && (k == WEIGHT || !levelMayBeNull)) {
                p.add(Problems.at(LIST, i, LEVEL_FIELDS[k]), null, k == WEIGHT
                        ? "is required when sensor_status.hx711 is ok"
                        : "is required when sensor_status.hx711 is ok and keg_state is not keg_absent, settling or disturbed");
            }
        }
    }
}
