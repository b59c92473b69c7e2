package com.scalesense.sink.api;

import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.query.Item;
import com.scalesense.sink.query.TapView;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one place the dashboard's JSON is shaped (openapi.yaml {@code Dashboard}): each tap's
 * config ({@code TAP#nn}) joined with its state ({@code TAP#nn#STATE}), its beer's profile and
 * the alerts firing on the tap or its scale. Numbers are the scale's own (the tap state the sink
 * keeps from the newest reading), never recomputed here; a figure the scale has not reported is
 * null.
 */
final class DashboardView {

    /** US fluid ounces per US gallon. */
    static final double OZ_PER_GALLON = 128.0;

    private DashboardView() {
    }

    /**
     * @param beers        beer profiles ({@code BEER#<ref>/META}) by the ref a tap's beer_id holds
     * @param activeAlerts the location's {@code ACTIVE#} alert items
     */
    static Map<String, Object> of(String locId, LocationProfile settings, List<TapView> taps, Map<String, Item> beers,
                                  List<Item> activeAlerts, Instant now) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (TapView tap : taps) {
            out.add(tap(locId, tap, beers, activeAlerts));
        }
        return Json.obj("loc_id", locId, "name", settings.name(), "timezone", settings.timezone().getId(),
                "generated_at", Json.time(now), "taps", out);
    }

    private static Map<String, Object> tap(String locId, TapView tap, Map<String, Item> beers, List<Item> alerts) {
        Item config = tap.config() == null ? new Item(Map.of()) : tap.config();
        Item state = tap.state() == null ? new Item(Map.of()) : tap.state();
        String deviceId = config.string(DeviceRegistry.TAP_DEVICE);
        String kegId = config.string("keg_id");
        BigDecimal gph = state.number("pour_rate_gph");
        List<Map<String, Object>> badges = alerts.stream().filter(AlertViews::firing)
                .filter(a -> concerns(a.string("entity"), tap.tapNumber(), deviceId)).map(AlertViews::badge).toList();
        return Json.obj(
                "tap_id", locId + "#TAP#" + tap.tapNumber(),
                "tap_number", tap.tapNumber(),
                "name", config.string("name"),
                "device_id", deviceId,
                "beer", beer(config.string("beer_id"), beers),
                "keg", kegId == null ? null
                        : Json.obj("keg_id", kegId, "keg_type", config.string("keg_type"), "tare_status", state.string("tare_status")),
                "assignment", kegId == null ? null : assignment(config, state, kegId),
                "level_pct", state.number("level_pct"),
                "gallons", state.number("gallons"),
                "pints_left", state.number("pints_left"),
                "pour_rate_oz_per_min", gph == null ? null : Json.round(gph.doubleValue() * OZ_PER_GALLON / 60.0, 1),
                "hours_left", state.number("hours_remaining"),
                "keg_state", state.has("keg_state") ? state.string("keg_state") : "unknown",
                "last_reading_at", state.string("updated_at"),
                "alerts", badges);
    }

    private static Map<String, Object> beer(String ref, Map<String, Item> beers) {
        if (ref == null) {
            return null;
        }
        Item profile = beers.get(ref);
        // A tap naming a beer the library lost still shows which beer it was.
        return profile == null ? Json.obj("beer_id", ref, "name", ref, "style", null, "abv", null)
                : Json.obj("beer_id", ref, "name", profile.string("name"), "style", profile.string("style"),
                        "abv", profile.number("abv"));
    }

    /**
     * The tap config's {@code assignment_*} attributes where the assignment path wrote them
     * (docs/data-model.md "Keg assignment": keg, pending/applied, requested at). For a tap assigned
     * before they existed: applied once the scale's readings carry the config's keg_id (the state's
     * keg_id is the newest reading's), else pending, with no request time.
     */
    private static Map<String, Object> assignment(Item config, Item state, String kegId) {
        String assigned = config.has("assignment_keg_id") ? config.string("assignment_keg_id") : kegId;
        String status = config.has("assignment_status") ? config.string("assignment_status")
                : assigned.equals(state.string("keg_id")) ? "applied" : "pending";
        return Json.obj("keg_id", assigned, "status", status, "requested_at", config.string("assignment_requested_at"));
    }

    /** low_keg is keyed {@code TAP#nn}; device alerts {@code DEVICE#<device_id>} of the tap's scale. */
    private static boolean concerns(String entity, String tapNumber, String deviceId) {
        return ("TAP#" + tapNumber).equals(entity) || (deviceId != null && ("DEVICE#" + deviceId).equals(entity));
    }
}
