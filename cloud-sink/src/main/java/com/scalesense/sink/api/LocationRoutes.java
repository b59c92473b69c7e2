package com.scalesense.sink.api;

import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.admin.LocationSettingsStore;
import com.scalesense.sink.command.LowKegCommands;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.query.AlertQueries;
import com.scalesense.sink.query.DeviceQueries;
import com.scalesense.sink.query.DeviceReadingQueries;
import com.scalesense.sink.query.Item;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** A location's alerts, settings and scales. */
final class LocationRoutes {

    /** Alert log entries returned when no limit is given. */
    static final int DEFAULT_HISTORY_LIMIT = 100;
    private static final Pattern LIMIT = Pattern.compile("^[0-9]{1,4}$");
    private static final Set<String> SETTINGS_FIELDS = Set.of("name", "timezone", "business_day_ends_at",
            "grace_period_secs", "low_keg_pct", "low_battery_pct", "offline_after_secs", "rate_window_hours");

    private final AlertQueries alerts;
    private final LocationSettingsStore settings;
    private final DeviceQueries devices;
    private final DeviceReadingQueries deviceRows;
    private final Clock clock;
    private final ScaleCommands commands;

    /** @param commands where a settings change sends each scale of the location its low-keg rule, or null for none */
    LocationRoutes(AlertQueries alerts, LocationSettingsStore settings, DeviceQueries devices,
                   DeviceReadingQueries deviceRows, Clock clock, ScaleCommands commands) {
        this.commands = commands;
        this.alerts = alerts;
        this.settings = settings;
        this.devices = devices;
        this.deviceRows = deviceRows;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/v1/locations/{loc_id}/alerts", this::alerts),
                new Route("GET", "/v1/locations/{loc_id}/settings", this::settings),
                new Route("PUT", "/v1/locations/{loc_id}/settings", this::putSettings),
                new Route("GET", "/v1/locations/{loc_id}/devices", this::devices));
    }

    ApiResponse alerts(ApiRequest request) {
        String locId = request.locId();
        String status = request.query("status") == null ? "active" : request.query("status");
        List<Map<String, Object>> out;
        if (status.equals("active")) {
            out = alerts.activeAlerts(locId).stream().filter(AlertViews::firing).map(a -> AlertViews.alert(a, true)).toList();
        } else if (status.equals("history")) {
            String limit = request.query("limit");
            int n = limit == null ? DEFAULT_HISTORY_LIMIT
                    : Fields.range("limit", Integer.parseInt(Fields.match("limit", limit, LIMIT)), 1, 1000);
            out = alerts.alertHistory(locId, n).stream().map(a -> AlertViews.alert(a, false)).toList();
        } else {
            throw new InvalidInputException("status", status, "must be active or history");
        }
        return ApiResponse.ok(Json.obj("loc_id", locId, "status", status, "alerts", out));
    }

    ApiResponse settings(ApiRequest request) {
        String locId = request.locId();
        return ApiResponse.ok(view(locId, current(locId)));
    }

    /**
     * Replaces every setting in one PutItem; a field left out takes its default. Then each scale of
     * the location is sent the new low-keg rule ({@code set_low_keg}, issue 18): a scale the broker
     * cannot reach now gets it when it next connects or registers (the ingest sends it then).
     */
    ApiResponse putSettings(ApiRequest request) {
        String locId = request.locId();
        JsonBody body = JsonBody.parse(request.body(), SETTINGS_FIELDS);
        String tz = body.optionalText("timezone");
        String dayEnd = body.optionalText("business_day_ends_at");
        LocationProfile p = new LocationProfile(body.text("name"),
                tz == null ? LocationProfile.DEFAULT_TIMEZONE : LocationProfile.parseTimezone(tz),
                dayEnd == null ? LocationProfile.DEFAULT_BUSINESS_DAY_ENDS_AT : LocationProfile.parseBusinessDayEnd(dayEnd),
                body.optionalInt("grace_period_secs", LocationProfile.DEFAULT_GRACE_PERIOD_SECS),
                body.optionalInt("low_keg_pct", LocationProfile.DEFAULT_LOW_KEG_PCT),
                body.optionalInt("low_battery_pct", LocationProfile.DEFAULT_LOW_BATTERY_PCT),
                body.optionalInt("offline_after_secs", LocationProfile.DEFAULT_OFFLINE_AFTER_SECS),
                body.optionalInt("rate_window_hours", LocationProfile.DEFAULT_RATE_WINDOW_HOURS));
        Instant version = settings.put(locId, p);
        sendLowKeg(locId, p, version);
        return ApiResponse.ok(view(locId, p));
    }

    private void sendLowKeg(String locId, LocationProfile p, Instant version) {
        if (commands == null) {
            return;
        }
        var command = LowKegCommands.setLowKeg(p.lowKegPct(), p.gracePeriodSecs(), version.toEpochMilli());
        for (Item device : devices.devicesAt(locId)) {
            LowKegCommands.sendBestEffort(commands, device.string("device_id"), command);
        }
    }

    /**
     * Each scale registered at the location: its META (GSI loc_id-index), TELEMETRY and seed 001
     * devices row. Online when its last contact is within the location's offline_after_secs, the
     * same rule the offline check alerts on.
     */
    ApiResponse devices(ApiRequest request) {
        String locId = request.locId();
        Duration offlineAfter = Duration.ofSeconds(current(locId).offlineAfterSecs());
        Instant now = clock.instant();
        List<Map<String, Object>> out = new ArrayList<>();
        for (Item meta : devices.devicesAt(locId)) {
            String deviceId = meta.string("device_id");
            String hardwareId = meta.string("hardware_id");
            String tapId = meta.string("tap_id");
            Item telemetry = devices.deviceTelemetry(deviceId).orElse(new Item(Map.of()));
            Item row = hardwareId == null ? new Item(Map.of()) : deviceRows.deviceRow(hardwareId).orElse(new Item(Map.of()));
            String lastSeen = row.string("last_seen_at");
            boolean online = lastSeen != null && !Instant.parse(lastSeen).plus(offlineAfter).isBefore(now);
            out.add(Json.obj("device_id", deviceId, "hardware_id", hardwareId, "tap_id", tapId,
                    "tap_number", tapId == null ? null : tapId.substring(tapId.lastIndexOf('#') + 1),
                    "last_seen_at", lastSeen, "online", online,
                    "battery_pct", telemetry.number("battery_pct"), "battery_v", telemetry.number("battery_v"),
                    "firmware_version", row.string("firmware_version"), "device_state", telemetry.string("device_state")));
        }
        return ApiResponse.ok(Json.obj("loc_id", locId, "devices", out));
    }

    private LocationProfile current(String locId) {
        return settings.get(locId).orElse(LocationProfile.defaults(locId));
    }

    private static Map<String, Object> view(String locId, LocationProfile p) {
        return Json.obj("loc_id", locId, "name", p.name(), "timezone", p.timezone().getId(),
                "business_day_ends_at", p.businessDayEndsAt().toString(), "grace_period_secs", p.gracePeriodSecs(),
                "low_keg_pct", p.lowKegPct(), "low_battery_pct", p.lowBatteryPct(),
                "offline_after_secs", p.offlineAfterSecs(), "rate_window_hours", p.rateWindowHours());
    }
}
