package com.scalesense.sink.admin;

import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * The settings of one bar as the admin writes them to {@code LOCATION#<loc_id>/SETTINGS}:
 * ingestion's {@link LocationSettings} plus a display name, with every field
 * validated on construction (ingestion reads leniently, defaulting what is missing). Whole
 * numbers only: an operator sets 15 %, not 15.3 %.
 *
 * @param name               display name
 * @param timezone           IANA zone the bar's clock runs in; hours of day and business days use it
 * @param businessDayEndsAt  local time a bar's day rolls over (seed 003's "4 AM rule"; default 06:00)
 * @param gracePeriodSecs    seconds a condition must persist before an alert fires (seed 000 FIRING# TTL)
 * @param lowKegPct          level_pct in percent at or below which a low_keg alert fires
 * @param lowBatteryPct      battery_pct in percent at or below which a low_battery alert fires
 * @param offlineAfterSecs   seconds without a reading before a device counts as offline
 * @param rateWindowHours    hours of readings the pour rate is computed over (seed 000: default 6)
 */
public record LocationProfile(
        String name,
        ZoneId timezone,
        LocalTime businessDayEndsAt,
        int gracePeriodSecs,
        int lowKegPct,
        int lowBatteryPct,
        int offlineAfterSecs,
        int rateWindowHours) {

    /** Ingestion's defaults, so what the admin writes and what ingestion assumes cannot differ. */
    private static final LocationSettings INGEST = LocationSettings.DEFAULTS;
    public static final ZoneId DEFAULT_TIMEZONE = INGEST.timezone();
    public static final LocalTime DEFAULT_BUSINESS_DAY_ENDS_AT = INGEST.businessDayEndsAt();
    public static final int DEFAULT_GRACE_PERIOD_SECS = Math.toIntExact(INGEST.gracePeriodSecs());
    public static final int DEFAULT_LOW_KEG_PCT = (int) INGEST.lowKegPct();
    public static final int DEFAULT_LOW_BATTERY_PCT = (int) INGEST.lowBatteryPct();
    public static final int DEFAULT_OFFLINE_AFTER_SECS = Math.toIntExact(INGEST.offlineAfterSecs());
    /** Seed 000: "Default window: 6 hours (configurable per location in settings)". */
    public static final int DEFAULT_RATE_WINDOW_HOURS = INGEST.rateWindowHours();

    public LocationProfile {
        name = Fields.text("name", name, 100);
        Objects.requireNonNull(timezone, "timezone");
        Objects.requireNonNull(businessDayEndsAt, "business_day_ends_at");
        // A day is 86 400 s; a grace period longer than that would hide a dry keg overnight.
        Fields.range("grace_period_secs", gracePeriodSecs, 0, 86_400);
        Fields.range("low_keg_pct", lowKegPct, 0, 100);
        Fields.range("low_battery_pct", lowBatteryPct, 0, 100);
        // Below the agent's 60 s reading interval every device would flap offline.
        Fields.range("offline_after_secs", offlineAfterSecs, 60, 7 * 86_400);
        Fields.range("rate_window_hours", rateWindowHours, 1, 168);
    }

    /** The defaults of every field, with this name. */
    public static LocationProfile defaults(String name) {
        return new LocationProfile(name, DEFAULT_TIMEZONE, DEFAULT_BUSINESS_DAY_ENDS_AT,
                DEFAULT_GRACE_PERIOD_SECS, DEFAULT_LOW_KEG_PCT, DEFAULT_LOW_BATTERY_PCT,
                DEFAULT_OFFLINE_AFTER_SECS, DEFAULT_RATE_WINDOW_HOURS);
    }

    /** Parses an IANA zone id, naming the field in the error. */
    public static ZoneId parseTimezone(String value) {
        try {
            return ZoneId.of(Objects.requireNonNull(value));
        } catch (DateTimeException | NullPointerException e) {
            throw new InvalidInputException("timezone", value, "must be an IANA zone id like America/Chicago");
        }
    }

    /** Parses {@code HH:mm}, naming the field in the error. */
    public static LocalTime parseBusinessDayEnd(String value) {
        if (value == null || !value.matches("^[0-9]{2}:[0-9]{2}$")) {
            throw new InvalidInputException("business_day_ends_at", value, "must be HH:mm");
        }
        try {
            return LocalTime.parse(value);
        } catch (DateTimeParseException e) {
            throw new InvalidInputException("business_day_ends_at", value, "must be a valid time HH:mm");
        }
    }
}
