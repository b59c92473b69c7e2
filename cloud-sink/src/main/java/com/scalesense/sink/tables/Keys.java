package com.scalesense.sink.tables;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;

/**
 * Every key of the {@code scale-sense} table and of seed 001's {@code device_readings}, built in
 * one place. Formats follow seed 000 (access pattern table) unless docs/data-model.md says why not.
 */
public final class Keys {

    // Seed 000 "Tap ID format": loc-001#TAP#07 — the tap number is the last segment.
    private static final Pattern TAP_ID = Pattern.compile("^(.+)#TAP#([0-9]{1,4})$");
    /** Fixed-width UTC instant with milliseconds, so lexicographic order is time order. */
    private static final DateTimeFormatter ISO_MS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Keys() {
    }

    /** The {@code 07} of {@code loc-001#TAP#07}. */
    public static String tapNumber(String tapId) {
        var m = TAP_ID.matcher(tapId == null ? "" : tapId);
        if (!m.matches()) {
            throw new IllegalArgumentException("tap_id must be <loc_id>#TAP#<nn>, was '" + tapId + "'.");
        }
        return m.group(2);
    }

    /** {@code 2026-11-21T22:00:00.000Z}: the sortable instant used in sort keys. */
    public static String isoInstant(long epochMs) {
        return ISO_MS.format(Instant.ofEpochMilli(epochMs));
    }

    public static ItemKey locationSettings(String locId) {
        return new ItemKey("LOCATION#" + locId, "SETTINGS");
    }

    public static ItemKey tapConfig(String locId, String tapNo) {
        return new ItemKey("LOCATION#" + locId, "TAP#" + tapNo);
    }

    public static ItemKey tapState(String locId, String tapNo) {
        return new ItemKey("LOCATION#" + locId, "TAP#" + tapNo + "#STATE");
    }

    /** Seed 003 pattern: pours of one tap in one business day (the bar's day, not the calendar's). */
    public static ItemKey dailySummary(String locId, String tapNo, LocalDate businessDay) {
        return new ItemKey("LOCATION#" + locId, "DAY#" + businessDay + "#TAP#" + tapNo);
    }

    public static ItemKey kegMeta(String kegId) {
        return new ItemKey("KEG#" + kegId, "META");
    }

    public static ItemKey kegTare(String kegId) {
        return new ItemKey("KEG#" + kegId, "TARE");
    }

    public static ItemKey beerMeta(String beerId) {
        return new ItemKey("BEER#" + beerId, "META");
    }

    public static ItemKey beerKeg(String beerId, String kegType) {
        return new ItemKey("BEER#" + beerId, "KEG#" + kegType);
    }

    public static ItemKey deviceMeta(String deviceId) {
        return new ItemKey("DEVICE#" + deviceId, "META");
    }

    /**
     * Quarantine of rejected messages (docs/cloud.md "Rejections"): per device, newest last by
     * instant; the hash prefix keeps two rejections of one millisecond apart.
     */
    public static ItemKey rejection(String deviceId, long atMs, String payloadSha256) {
        return new ItemKey(REJECTED_PREFIX + deviceId, isoInstant(atMs) + "#" + payloadSha256.substring(0, 16));
    }

    /** Partition prefix of {@link #rejection}. */
    public static final String REJECTED_PREFIX = "REJECTED#";

    /**
     * The replay sweep's work list: one item per device with held batches (SK = device_id), written
     * with each hold, deleted by the sweep once none is left held.
     */
    public static final String HELD_DEVICES = "HELD#DEVICES";

    public static ItemKey heldDevice(String deviceId) {
        return new ItemKey(HELD_DEVICES, deviceId);
    }

    public static ItemKey deviceTelemetry(String deviceId) {
        return new ItemKey("DEVICE#" + deviceId, "TELEMETRY");
    }

    /** Seed 004 pattern: one log entry per device state transition, {@code STATE#<state>#<ISO instant>}. */
    public static ItemKey deviceStateLog(String deviceId, String state, long atMs) {
        return new ItemKey("DEVICE#" + deviceId, "STATE#" + state + "#" + isoInstant(atMs));
    }

    /**
     * Readings store: keyed by keg ({@code READINGS#keg#<keg_id>}), or by tap
     * ({@code READINGS#<tap_id>}) when no keg is assigned; one item per batch, sorted by the
     * instant of its first reading.
     */
    public static ItemKey readings(String kegId, String tapId, long firstReadingMs) {
        String pk = kegId != null ? "READINGS#keg#" + kegId : "READINGS#" + tapId;
        return new ItemKey(pk, isoInstant(firstReadingMs));
    }

    /** Only one active alert per (location, type, entity); overwritten in place. */
    public static ItemKey alertActive(String locId, String type, String entity) {
        return new ItemKey("ALERT#" + locId, "ACTIVE#" + type + "#" + entity);
    }

    /** Append-only alert history; type and entity make two alerts at the same instant distinct. */
    public static ItemKey alertHist(String locId, long atMs, String type, String entity) {
        return new ItemKey("ALERT#" + locId, "HIST#" + isoInstant(atMs) + "#" + type + "#" + entity);
    }

    /**
     * A grace period under way. Seed 000 writes {@code FIRING#TAP#07}; we key by the full tap_id
     * ({@code FIRING#loc-001#TAP#07}) because tap numbers repeat across locations.
     */
    public static ItemKey firing(String tapId, String type) {
        return new ItemKey("FIRING#" + tapId, type);
    }

    /**
     * The partition of the re-send check's work list: one item per tap whose keg assignment the
     * scale has not yet applied (SK = tap_id), written with the assignment, deleted by the check
     * once the assignment is applied or superseded. A handful of items at any time; one Query reads them.
     */
    public static final String PENDING_ASSIGNMENTS = "ASSIGN#PENDING";

    public static ItemKey pendingAssignment(String tapId) {
        return new ItemKey(PENDING_ASSIGNMENTS, tapId);
    }

    /** Entity part of a tap alert key: {@code TAP#07}. */
    public static String tapEntity(String tapNo) {
        return "TAP#" + tapNo;
    }

    /** Entity part of a device alert key: {@code DEVICE#SCALE-0042}. */
    public static String deviceEntity(String deviceId) {
        return "DEVICE#" + deviceId;
    }

    /** Scope of the global beer library's catalog partition; loc_ids are lowercase, so no clash. */
    public static final String BEER_CATALOG_GLOBAL = "GLOBAL";

    /**
     * Catalog partition listing the beers of one scope ({@link #BEER_CATALOG_GLOBAL} or a loc_id),
     * so the library is listed with a Query, never a Scan (admin module, docs/cloud.md).
     */
    public static String beerCatalog(String scope) {
        return "BEERS#" + scope;
    }

    /** A beer's entry in its scope's catalog: {@code BEERS#GLOBAL / BEER#guinness-draught}. */
    public static ItemKey beerCatalogEntry(String scope, String beerRef) {
        return new ItemKey(beerCatalog(scope), "BEER#" + beerRef);
    }

    /** Seed 000 "Current calibration". */
    public static ItemKey deviceCalibration(String deviceId) {
        return new ItemKey("DEVICE#" + deviceId, "CALIBRATION");
    }

    /** Seed 000 "Calibration history": one entry per calibration, {@code CAL#<ISO instant>}. */
    public static ItemKey deviceCalibrationHistory(String deviceId, long atMs) {
        return new ItemKey("DEVICE#" + deviceId, "CAL#" + isoInstant(atMs));
    }

    /** Seed 000 WebSocket connection tracking. */
    public static ItemKey wsConnection(String connectionId) {
        return new ItemKey("WS_CONN#" + connectionId, "META");
    }

    /** Seed 001 {@code device_readings.ts_batch}: {@code {timestamp_ms:013}#{batch_id}}. */
    public static String tsBatch(long timestampMs, String batchId) {
        return String.format("%013d#%s", timestampMs, batchId);
    }
}
