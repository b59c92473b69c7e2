package com.scalesense.sink.tables;

import java.util.List;

/**
 * Every table the sink writes, defined once. Seed 001's four tables are LOCKED: names, keys,
 * indexes and TTL attributes are exactly as that schema says. The seed 000 single table
 * {@code scale-sense} adds our indexes (see docs/data-model.md for why each exists).
 */
public final class Tables {

    /** Seed 001 table 1: one row per scale, listed by activity through {@code gsi1}. */
    public static final TableDef DEVICES = new TableDef("devices", KeyAttr.s("hardware_id"), null,
            List.of(IndexDef.all("gsi1", KeyAttr.s("gsi1pk"), KeyAttr.s("gsi1sk"))), null);

    /** Seed 001 table 2: one item per reading; sort key {@code {timestamp_ms:013}#{batch_id}}. */
    public static final TableDef DEVICE_READINGS = new TableDef("device_readings", KeyAttr.s("hardware_id"),
            KeyAttr.s("ts_batch"), List.of(), "expiration_time");

    /** Seed 001 table 3: the idempotency marker of every accepted batch, kept 30 days. */
    public static final TableDef PROCESSED_BATCHES = new TableDef("processed_batches", KeyAttr.s("batch_id"),
            null, List.of(), "expiration_time");

    /** Seed 001 table 4: API keys, looked up by hash and listed by creation date. */
    public static final TableDef API_KEYS = new TableDef("api_keys", KeyAttr.s("key_id"), null, List.of(
            IndexDef.all("api_key_hash_index", KeyAttr.s("api_key_hash"), null),
            IndexDef.all("gsi1", KeyAttr.s("gsi1pk"), KeyAttr.s("gsi1sk"))), null);

    /** Index of WS_CONN# (and KEG# META) items by location: seed 000 "All WS connections for location". */
    public static final String LOC_ID_INDEX = "loc_id-index";
    /** Index from device_id (on DEVICE#/META only) to the device: seed 000 "Device from scale ID". */
    public static final String DEVICE_INDEX = "device-index";
    /**
     * Sparse index of DEVICE#/TELEMETRY items whose battery is below the location's threshold:
     * {@code battery_loc_id} is set only while low, sorted by {@code battery_pct} (percent).
     */
    public static final String LOCATION_BATTERY_INDEX = "location-battery-index";
    /**
     * Sparse index of escalated device state log entries (seed 004 pattern): {@code escalated_to}
     * is set only on escalated STATE# items; the sort key is the item's own {@code SK}
     * ({@code STATE#<state>#<ISO instant>}).
     */
    public static final String ESCALATION_INDEX = "escalation-index";

    /**
     * Sparse index of registered devices that are disconnected (issue 18, presence): on
     * {@code DEVICE#/META}, {@code disconnected_pk} ("devices") and {@code disconnected_at_ms} (epoch
     * ms of the disconnect) are set only while the broker reports the scale disconnected, so the
     * offline check reads only those, oldest first.
     */
    public static final String DISCONNECTED_INDEX = "disconnected-index";

    /** Seed 000 single table. TTL attribute {@code expires_at}, epoch seconds. */
    public static final TableDef SCALE_SENSE = new TableDef("scale-sense", KeyAttr.s("PK"), KeyAttr.s("SK"),
            List.of(
                    IndexDef.all(LOC_ID_INDEX, KeyAttr.s("loc_id"), null),
                    IndexDef.all(DEVICE_INDEX, KeyAttr.s("device_id"), null),
                    IndexDef.all(LOCATION_BATTERY_INDEX, KeyAttr.s("battery_loc_id"), KeyAttr.n("battery_pct")),
                    IndexDef.all(ESCALATION_INDEX, KeyAttr.s("escalated_to"), KeyAttr.s("SK")),
                    IndexDef.all(DISCONNECTED_INDEX, KeyAttr.s("disconnected_pk"), KeyAttr.n("disconnected_at_ms"))),
            "expires_at");

    /** All tables, in creation order. */
    public static final List<TableDef> ALL = List.of(DEVICES, DEVICE_READINGS, PROCESSED_BATCHES, API_KEYS, SCALE_SENSE);

    private Tables() {
    }
}
