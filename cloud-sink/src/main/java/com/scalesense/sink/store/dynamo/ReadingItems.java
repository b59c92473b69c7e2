package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.PackedRows;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The reading items of a batch, as pure functions of the batch (so a re-put writes identical
 * items): seed 001 device_readings (one per reading, full precision) and one packed readings-store
 * item per batch for the seed 000 chart (rounded to display precision; see docs/data-model.md).
 */
final class ReadingItems {

    /** Seed 000: the readings store keeps 30 days. */
    static final long READINGS_STORE_TTL_SECS = 30L * 24 * 3600;
    /** Columns of the packed rows, in order. */
    static final String COLUMNS = "offset_ms,level_pct,gallons,weight_lbs,battery_pct,battery_v";

    private final long deviceReadingsRetentionSecs;

    ReadingItems(long deviceReadingsRetentionSecs) {
        this.deviceReadingsRetentionSecs = deviceReadingsRetentionSecs;
    }

    Map<String, AttributeValue> deviceReading(ReadingsBatch b, Reading r) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("hardware_id", Attr.s(b.hardwareId()));
        item.put("ts_batch", Attr.s(Keys.tsBatch(r.timestampMs(), b.batchId())));
        item.put("timestamp_ms", Attr.n(r.timestampMs()));
        item.put("batch_id", Attr.s(b.batchId()));
        item.put("boot_id", Attr.s(b.bootId()));
        item.put("firmware_version", Attr.s(b.firmwareVersion()));
        item.put("device_id", Attr.s(b.deviceId()));
        item.put("tap_id", Attr.s(b.tapId()));
        if (b.kegId() != null) {
            item.put("keg_id", Attr.s(b.kegId()));
        }
        item.put("sensors", AttributeValue.fromM(sensors(r)));
        Map<String, AttributeValue> status = new TreeMap<>();
        r.sensorStatus().forEach((k, v) -> status.put(k, Attr.s(v == SensorStatus.OK ? "ok" : "error")));
        item.put("sensor_status", AttributeValue.fromM(status));
        item.put("clock_synced", Attr.bool(r.clockSynced()));
        if (r.kegState() != null) {
            item.put("keg_state", Attr.s(r.kegState().name().toLowerCase(Locale.ROOT)));
        }
        if (r.tareStatus() != null) {
            item.put("tare_status", Attr.s(r.tareStatus().name().toLowerCase(Locale.ROOT)));
        }
        // Seed 001: TTL = timestamp_ms / 1000 + retention, from the reading so a re-put is identical.
        item.put("expiration_time", Attr.n(r.timestampMs() / 1000 + deviceReadingsRetentionSecs));
        return item;
    }

    private static Map<String, AttributeValue> sensors(Reading r) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        putIf(m, "level_pct", r.levelPct());
        putIf(m, "gallons", r.gallons());
        putIf(m, "weight_lbs", r.weightLbs());
        putIf(m, "pints_left", r.pintsLeft());
        putIf(m, "pour_rate_gph", r.pourRateGph());
        putIf(m, "hours_remaining", r.hoursRemaining());
        putIf(m, "battery_v", r.batteryV());
        putIf(m, "battery_pct", r.batteryPct());
        putIf(m, "temperature_c", r.temperatureC());
        return m;
    }

    private static void putIf(Map<String, AttributeValue> m, String name, Double v) {
        if (v != null) {
            m.put(name, Attr.n(v));
        }
    }

    /**
     * One item for the whole batch: rows of {@link #COLUMNS}, ';' between rows, ',' between fields,
     * empty = null, gzip-compressed in {@code rows_gz}, the pours likewise in {@code pours_gz}
     * ({@link PackedRows}: the same bytes on a re-put).
     */
    Map<String, AttributeValue> packed(ReadingsBatch b) {
        long first = b.readings().get(0).timestampMs();
        ItemKey key = Keys.readings(b.kegId(), b.tapId(), first);
        StringBuilder rows = new StringBuilder(b.readings().size() * 32);
        for (Reading r : b.readings()) {
            if (rows.length() > 0) {
                rows.append(';');
            }
            rows.append(r.timestampMs() - first).append(',').append(round(r.levelPct(), 1)).append(',')
                    .append(round(r.gallons(), 2)).append(',').append(round(r.weightLbs(), 2)).append(',')
                    .append(round(r.batteryPct(), 1)).append(',').append(round(r.batteryV(), 2));
        }
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ItemKey.PK, Attr.s(key.pk()));
        item.put(ItemKey.SK, Attr.s(key.sk()));
        item.put("tap_id", Attr.s(b.tapId()));
        if (b.kegId() != null) {
            item.put("keg_id", Attr.s(b.kegId()));
        }
        item.put("batch_id", Attr.s(b.batchId()));
        item.put("count", Attr.n(b.readings().size()));
        item.put("columns", Attr.s(COLUMNS));
        item.put(PackedRows.GZ, PackedRows.gzip(rows.toString()));
        item.put("expires_at", Attr.n(first / 1000 + READINGS_STORE_TTL_SECS));
        String pours = EventItems.pours(b.events(), first);
        if (pours != null) {
            item.put("pour_columns", Attr.s(EventItems.POUR_COLUMNS));
            item.put(PackedRows.POURS_GZ, PackedRows.gzip(pours));
        }
        AttributeValue others = EventItems.others(b.events());
        if (others != null) {
            item.put("events", others);
        }
        return item;
    }

    static String round(Double v, int places) {
        return v == null ? "" : BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }
}
