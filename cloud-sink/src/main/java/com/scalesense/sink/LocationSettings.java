package com.scalesense.sink;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Objects;

/**
 * A location's settings (item {@code LOCATION#<loc_id>/SETTINGS}, written by the admin module).
 *
 * @param timezone            IANA zone of the bar
 * @param businessDayEndsAt   local time at which the bar's day ends (a pour at 01:30 belongs to the evening before)
 * @param gracePeriodSecs     seconds a low keg must stay low before the alert fires (seed 000 grace period)
 * @param lowKegPct           level_pct below which a keg is low, percent
 * @param lowBatteryPct       battery_pct below which a battery is low, percent
 * @param offlineAfterSecs    seconds without a message after which a device is offline
 * @param rateWindowHours     window of the pour-rate estimate, hours (seed 000 default 6)
 */
public record LocationSettings(ZoneId timezone, LocalTime businessDayEndsAt, long gracePeriodSecs,
                               double lowKegPct, double lowBatteryPct, long offlineAfterSecs,
                               int rateWindowHours) {

    /** Defaults for a location without a SETTINGS item: UTC, day ends 06:00, 900 s grace, 15 %, 20 %, 900 s, 6 h. */
    public static final LocationSettings DEFAULTS =
            new LocationSettings(ZoneId.of("UTC"), LocalTime.of(6, 0), 900, 15, 20, 900, 6);

    public LocationSettings {
        Objects.requireNonNull(timezone, "timezone must not be null.");
        Objects.requireNonNull(businessDayEndsAt, "business_day_ends_at must not be null.");
        if (gracePeriodSecs < 0 || offlineAfterSecs <= 0 || rateWindowHours <= 0) {
            throw new IllegalArgumentException("grace_period_secs must be >= 0, offline_after_secs and"
                    + " rate_window_hours > 0; were " + gracePeriodSecs + ", " + offlineAfterSecs + ", " + rateWindowHours + ".");
        }
    }

    /**
     * The bar's business day an instant belongs to: the local date, minus one day when the local
     * time is before {@code businessDayEndsAt} (seed 003's "4 AM rule", here 06:00 by default).
     */
    public LocalDate businessDay(long epochMs) {
        var local = Instant.ofEpochMilli(epochMs).atZone(timezone).toLocalDateTime();
        LocalDate date = local.toLocalDate();
        return local.toLocalTime().isBefore(businessDayEndsAt) ? date.minusDays(1) : date;
    }
}
