package com.scalesense.sink.query;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Daily battery average and minimum per device (seed 000's battery trend: {@code BIN(time, 1d)},
 * last 7 days, ordered by day then device). Days are UTC days, as {@code BIN(time, 1d)} aligns them.
 *
 * @param days one row per (day, device) with readings, ordered by day then device_id
 */
public record BatteryTrend(List<Day> days) {

    /** Seed 000: {@code time >= ago(7d)}. */
    public static final int WINDOW_DAYS = 7;

    /** @param avgBatteryPct percent; @param minBatteryPct percent */
    public record Day(LocalDate day, String deviceId, double avgBatteryPct, double minBatteryPct) {
    }

    public BatteryTrend {
        days = List.copyOf(days);
    }

    public static BatteryTrend of(List<ReadingPoint> readings) {
        Map<LocalDate, Map<String, DoubleSummaryStatistics>> stats = new TreeMap<>();
        for (ReadingPoint p : readings) {
            if (p.batteryPct() == null) {
                continue;
            }
            LocalDate day = LocalDate.ofInstant(p.at(), ZoneOffset.UTC);
            stats.computeIfAbsent(day, d -> new TreeMap<>())
                    .computeIfAbsent(p.deviceId(), d -> new DoubleSummaryStatistics())
                    .accept(p.batteryPct());
        }
        List<Day> rows = new ArrayList<>();
        stats.forEach((day, perDevice) -> perDevice.forEach((device, s) ->
                rows.add(new Day(day, device, s.getAverage(), s.getMin()))));
        return new BatteryTrend(rows);
    }

    /** The start of the window that ends at {@code now}. */
    public static Instant windowStart(Instant now) {
        return now.minus(java.time.Duration.ofDays(WINDOW_DAYS));
    }
}
