package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.n;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code LOCATION#<loc_id>/SETTINGS} as stored (docs/data-model.md "Items read by the sink").
 * A missing attribute reads as its default, as ingestion reads it. Public because the seed
 * loader writes the same item as {@link LocationSettingsStore}.
 */
public final class SettingsItems {

    private SettingsItems() {
    }

    public static Map<String, AttributeValue> item(String locId, LocationProfile settings, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(Attr.key(Keys.locationSettings(locId)));
        item.put("name", s(settings.name()));
        item.put("timezone", s(settings.timezone().getId()));
        item.put("business_day_ends_at", s(settings.businessDayEndsAt().toString()));
        item.put("grace_period_secs", n(settings.gracePeriodSecs()));
        item.put("low_keg_pct", n(settings.lowKegPct()));
        item.put("low_battery_pct", n(settings.lowBatteryPct()));
        item.put("offline_after_secs", n(settings.offlineAfterSecs()));
        item.put("rate_window_hours", n(settings.rateWindowHours()));
        item.put("updated_at", s(now.toString()));
        return item;
    }

    public static LocationProfile settings(Map<String, AttributeValue> item) {
        LocationProfile d = LocationProfile.defaults(
                item.containsKey("name") ? Attr.str(item, "name") : "unnamed");
        String zone = Attr.str(item, "timezone");
        String dayEnd = Attr.str(item, "business_day_ends_at");
        return new LocationProfile(d.name(),
                zone == null ? d.timezone() : LocationProfile.parseTimezone(zone),
                dayEnd == null ? d.businessDayEndsAt() : LocationProfile.parseBusinessDayEnd(dayEnd),
                whole(item, "grace_period_secs", d.gracePeriodSecs()), whole(item, "low_keg_pct", d.lowKegPct()),
                whole(item, "low_battery_pct", d.lowBatteryPct()),
                whole(item, "offline_after_secs", d.offlineAfterSecs()),
                whole(item, "rate_window_hours", d.rateWindowHours()));
    }

    private static int whole(Map<String, AttributeValue> item, String name, int fallback) {
        Double v = Attr.dec(item, name);
        return v == null ? fallback : v.intValue();
    }
}
