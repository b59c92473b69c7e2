package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.sink.tables.Attr;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A batch's events on its packed readings item, so every event the sink accepted is kept for the
 * same 30 days as the readings around it (pours and tares also drive the summary and tare items;
 * keg swaps and sensor errors live only here). Pours, a dozen or more in a busy bar's batch, are
 * packed like the readings: one row each ({@link #POUR_COLUMNS}, times as offsets from the batch's
 * first reading), about 30 bytes a pour where a map took about 130, gzip-compressed in
 * {@code pours_gz} (issue 18: a write unit a KB). The rare others stay a list of maps in {@code events}, field names the wire's.
 */
final class EventItems {

    /** Columns of the packed pour rows, in order; clock_synced is 1 or 0. */
    static final String POUR_COLUMNS = "offset_ms,start_offset_ms,end_offset_ms,volume_oz,volume_ml,clock_synced";

    private EventItems() {
    }

    /** The non-pour events as a list of maps, or null when there are none. */
    static AttributeValue others(List<DeviceEvent> events) {
        List<AttributeValue> out = events.stream().filter(e -> !(e instanceof DeviceEvent.Pour))
                .map(e -> AttributeValue.fromM(one(e))).toList();
        return out.isEmpty() ? null : AttributeValue.fromL(out);
    }

    /** The pours as rows of {@link #POUR_COLUMNS} (';' between rows), times relative to {@code firstMs}; null when none. */
    static String pours(List<DeviceEvent> events, long firstMs) {
        StringBuilder rows = new StringBuilder();
        for (DeviceEvent e : events) {
            if (e instanceof DeviceEvent.Pour p) {
                if (rows.length() > 0) {
                    rows.append(';');
                }
                rows.append(p.timestampMs() - firstMs).append(',').append(p.startMs() - firstMs).append(',')
                        .append(p.endMs() - firstMs).append(',').append(ReadingItems.round(p.volumeOz(), 2)).append(',')
                        .append(ReadingItems.round(p.volumeMl(), 1)).append(',').append(p.clockSynced() ? 1 : 0);
            }
        }
        return rows.length() == 0 ? null : rows.toString();
    }

    private static Map<String, AttributeValue> one(DeviceEvent e) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("timestamp_ms", Attr.n(e.timestampMs()));
        m.put("clock_synced", Attr.bool(e.clockSynced()));
        if (e instanceof DeviceEvent.Pour p) {
            m.put("type", Attr.s("pour"));
            m.put("start_ms", Attr.n(p.startMs()));
            m.put("end_ms", Attr.n(p.endMs()));
            m.put("volume_oz", Attr.n(p.volumeOz()));
            m.put("volume_ml", Attr.n(p.volumeMl()));
        } else if (e instanceof DeviceEvent.KegSwap k) {
            m.put("type", Attr.s("keg_swap"));
            putIf(m, "previous_keg_id", k.previousKegId());
            putIf(m, "new_keg_id", k.newKegId());
            m.put("weight_lbs", Attr.n(k.weightLbs()));
        } else if (e instanceof DeviceEvent.Tare t) {
            m.put("type", Attr.s("tare"));
            m.put("kind", Attr.s(t.kind()));
            m.put("keg_id", Attr.s(t.kegId()));
            putIf(m, "keg_type", t.kegType());
            if (t.emptyOffsetLbs() != null) {
                m.put("empty_offset_lbs", Attr.n(t.emptyOffsetLbs()));
            }
            if (t.fullRefLbs() != null) {
                m.put("full_ref_lbs", Attr.n(t.fullRefLbs()));
            }
            putIf(m, "tare_status", t.tareStatus() == null ? null : t.tareStatus().name().toLowerCase(Locale.ROOT));
        } else if (e instanceof DeviceEvent.SensorError s) {
            m.put("type", Attr.s("sensor_error"));
            m.put("sensor", Attr.s(s.sensor()));
            putIf(m, "status", s.status() == null ? null : s.status().name().toLowerCase(Locale.ROOT));
            putIf(m, "detail", s.detail());
        }
        return m;
    }

    private static void putIf(Map<String, AttributeValue> m, String name, String value) {
        if (value != null) {
            m.put(name, Attr.s(value));
        }
    }
}
