package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.Rfc3339;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.sink.store.TapStateUpdate;
import com.scalesense.sink.store.TareUpdate;
import com.scalesense.sink.store.TelemetryUpdate;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Newer-only updates of the "latest" items of the single table. Each is an UpdateItem conditional
 * on the stored timestamp being absent or not newer, so applying the same input twice, or an
 * older input after a newer one, leaves the newer values (seed 000 hot rows; DESIGN "older data
 * never overwrites newer state"). Equal timestamps pass, which makes a redelivery converge.
 */
final class StateWriter {

    private final Updater updater;
    private final TableNames names;

    StateWriter(Updater updater, TableNames names) {
        this.updater = updater;
        this.names = names;
    }

    void tapState(TapStateUpdate u) {
        Reading r = u.reading();
        ItemKey key = Keys.tapState(u.locId(), Keys.tapNumber(u.tapId()));
        var b = new UpdateBuilder()
                .setDouble("level_pct", r.levelPct()).setDouble("gallons", r.gallons())
                .setDouble("weight_lbs", r.weightLbs()).setDouble("pints_left", r.pintsLeft())
                .setDouble("pour_rate_gph", r.pourRateGph()).setDouble("hours_remaining", r.hoursRemaining())
                .set("tare_status", r.tareStatus() == null ? null : Attr.s(lower(r.tareStatus())))
                .set("keg_state", r.kegState() == null ? null : Attr.s(lower(r.kegState())))
                .set("keg_id", u.kegId() == null ? null : Attr.s(u.kegId()))
                .set("tap_id", Attr.s(u.tapId())).set("reported_by", Attr.s(u.reportedBy()))
                .set("updated_at", Attr.s(Rfc3339.format(r.timestampMs())))
                .set("updated_at_ms", Attr.n(r.timestampMs()))
                .onlyIfNotNewer("updated_at_ms", Attr.n(r.timestampMs()));
        updater.update(names.scaleSense(), Attr.key(key), b, 0);
    }

    void telemetry(TelemetryUpdate u) {
        Reading r = u.reading();
        Map<String, AttributeValue> status = new TreeMap<>();
        r.sensorStatus().forEach((k, v) -> status.put(k, Attr.s(v == SensorStatus.OK ? "ok" : "error")));
        var b = new UpdateBuilder()
                .setDouble("battery_v", r.batteryV()).setDouble("battery_pct", r.batteryPct())
                .setDouble("temperature_c", r.temperatureC())
                .set("sensor_status", AttributeValue.fromM(status))
                .set("battery_loc_id", u.lowBatteryLocId() == null ? null : Attr.s(u.lowBatteryLocId()))
                .set("updated_at", Attr.s(Rfc3339.format(r.timestampMs())))
                .set("updated_at_ms", Attr.n(r.timestampMs()))
                .onlyIfNotNewer("updated_at_ms", Attr.n(r.timestampMs()));
        // While low, battery_pct is the sparse index's sort key: each change moves the entry (2 index writes).
        updater.update(names.scaleSense(), Attr.key(Keys.deviceTelemetry(u.deviceId())), b,
                u.lowBatteryLocId() == null ? 0 : 2);
    }

    void tare(TareUpdate u) {
        var t = u.tare();
        var at = Attr.n(t.timestampMs());
        String atText = Rfc3339.format(t.timestampMs());
        var keg = new UpdateBuilder()
                .setDouble("empty_offset", t.emptyOffsetLbs()).setDouble("full_ref", t.fullRefLbs())
                .set("tare_status", t.tareStatus() == null ? null : Attr.s(lower(t.tareStatus())))
                .set("keg_type", t.kegType() == null ? null : Attr.s(t.kegType()))
                .set("kind", Attr.s(t.kind())).set("reported_by", Attr.s(u.deviceId()))
                .set("tared_at", Attr.s(atText)).set("tared_at_ms", at)
                .onlyIfNotNewer("tared_at_ms", at);
        updater.update(names.scaleSense(), Attr.key(Keys.kegTare(t.kegId())), keg, 0);
        var diagnostic = new UpdateBuilder()
                .setDouble("tare_empty_offset", t.emptyOffsetLbs()).setDouble("tare_full_lbs", t.fullRefLbs())
                .set("tare_at_ms", at).onlyIfNotNewer("tare_at_ms", at);
        updater.update(names.scaleSense(), Attr.key(Keys.deviceTelemetry(u.deviceId())), diagnostic, 0);
        if ("full".equals(t.kind()) && t.fullRefLbs() != null && u.beerId() != null && t.kegType() != null) {
            // Seed 000: a real full tare sets full_lbs and measured_at; empty_lbs is preserved (UpdateItem, not Put).
            var beer = new UpdateBuilder().setDouble("full_lbs", t.fullRefLbs())
                    .set("measured_at", Attr.s(atText)).set("measured_at_ms", at)
                    .onlyIfNotNewer("measured_at_ms", at);
            updater.update(names.scaleSense(), Attr.key(Keys.beerKeg(u.beerId(), t.kegType())), beer, 0);
        }
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
