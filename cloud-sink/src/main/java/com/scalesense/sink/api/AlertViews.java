package com.scalesense.sink.api;

import com.scalesense.sink.query.Item;
import java.util.Map;

/**
 * Alert items ({@code ALERT#<loc_id>} ACTIVE#/HIST#, docs/data-model.md) as the API shows them.
 * Severity is ours (seed 000 names no levels): what stops beer or blinds the scale is critical
 * (sensor_error, offline), what gives the bar time is a warning (low_keg, low_battery, and
 * keg_unassigned: a keg the scale holds but cannot name, issue 17).
 */
final class AlertViews {

    private AlertViews() {
    }

    static String severity(String alertType) {
        return "sensor_error".equals(alertType) || "offline".equals(alertType) ? "critical" : "warning";
    }

    static boolean firing(Item active) {
        return "firing".equals(active.string("status"));
    }

    /** Dashboard badge: {alert_type, severity, since}. */
    static Map<String, Object> badge(Item active) {
        String type = active.string("type");
        return Json.obj("alert_type", type, "severity", severity(type), "since", active.string("fired_at"));
    }

    /** One alert of the alerts route; {@code at} is fired_at for an active one, the event time in the history. */
    static Map<String, Object> alert(Item item, boolean active) {
        String type = item.string("type");
        String entity = item.string("entity");
        return Json.obj("alert_type", type, "severity", severity(type), "entity", entity,
                "tap_number", entity != null && entity.startsWith("TAP#") ? entity.substring(4) : null,
                "device_id", entity != null && entity.startsWith("DEVICE#") ? entity.substring(7) : null,
                "status", item.string("status"), "at", item.string(active ? "fired_at" : "at"),
                "value", item.number("value"));
    }
}
