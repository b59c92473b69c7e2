package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.n;
import static com.scalesense.sink.tables.Attr.s;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegAssignment;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.query.KegWeights.Badge;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Seed 000's item access patterns over the repository seeds plus a few items per pattern. */
class EntityQueriesIT extends WithLocalDynamo {

    static final Instant NOW = Instant.parse("2026-03-18T20:00:00Z");
    final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    TableNames names;
    KegAssignment keg;


    @BeforeEach
    void seed() {
        names = dynamo.freshTables();
        new SeedLoader(dynamo.client(), names, clock).load(SeedReader.read(Path.of("..", "seeds")));
        keg = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(3)))
                .assign("loc-001", "02", "guinness-draught", "half_barrel");
    }

    @Test
    void dashboard_joins_config_and_state_per_tap_in_tap_order() {
        TapQueries taps = new TapQueries(dynamo.client(), names);

        var dashboard = taps.dashboard("loc-001");

        assertThat(dashboard).extracting(TapView::tapNumber).containsExactly("01", "02", "03", "04");
        TapView two = dashboard.get(1);
        assertThat(two.config().string("keg_id")).isEqualTo(keg.kegId());
        assertThat(two.state().string("tare_status")).isEqualTo("pending");
        assertThat(dashboard.get(0).state()).isNull();
        assertThat(taps.tapState("loc-001", "02").orElseThrow().string("SK")).isEqualTo("TAP#02#STATE");
        assertThat(taps.tapConfig("loc-001", "03").orElseThrow().string(DeviceRegistry.TAP_DEVICE)).isEqualTo("SCALE-0003");
        assertThat(taps.dashboard("loc-404")).isEmpty();
    }

    @Test
    void beer_profile_keg_weights_with_badges_keg_lifecycle_and_tare() {
        put(Keys.beerKeg("guinness-draught", "slim_quarter"), Map.of("full_lbs", n(88.1), "empty_lbs", n(20.0),
                "measured_at", s("2026-03-01T00:00:00Z"), "measured_count", n(3L)));
        put(Keys.kegTare(keg.kegId()), Map.of("empty_offset", n(29.4), "full_ref", n(161.0), "tare_status", s("complete")));
        CatalogQueries catalog = new CatalogQueries(dynamo.client(), names);

        assertThat(catalog.beerProfile("guinness-draught").orElseThrow().number("specific_gravity"))
                .isEqualByComparingTo("1.014");
        assertThat(catalog.beerKegWeights("guinness-draught")).containsExactly(
                new KegWeights("half_barrel", 161.5, 29.0, Badge.DEFAULT),
                new KegWeights("slim_quarter", 88.1, 20.0, Badge.CALCULATED));
        assertThat(catalog.kegLifecycle(keg.kegId()).orElseThrow().string("tapped_at")).isEqualTo("2026-03-18T20:00:00Z");
        assertThat(catalog.kegTare(keg.kegId()).orElseThrow().number("full_ref")).isEqualByComparingTo("161.0");
        assertThat(catalog.kegTare("keg-20260101-none")).isEmpty();
    }

    @Test
    void device_meta_telemetry_calibration_index_and_low_battery() {
        put(Keys.deviceTelemetry("SCALE-0001"), Map.of("battery_pct", n(12.0), "battery_loc_id", s("loc-001")));
        put(Keys.deviceTelemetry("SCALE-0002"), Map.of("battery_pct", n(18.0), "battery_loc_id", s("loc-001")));
        put(Keys.deviceTelemetry("SCALE-0003"), Map.of("battery_pct", n(90.0)));
        put(Keys.deviceCalibration("SCALE-0001"), Map.of("scale", n(21_500.0)));
        put(Keys.deviceCalibrationHistory("SCALE-0001", NOW.minusSeconds(86_400).toEpochMilli()), Map.of("scale", n(21_400.0)));
        put(Keys.deviceCalibrationHistory("SCALE-0001", NOW.toEpochMilli()), Map.of("scale", n(21_500.0)));
        DeviceQueries devices = new DeviceQueries(dynamo.client(), names);

        assertThat(devices.deviceMeta("SCALE-0001").orElseThrow().string("tap_id")).isEqualTo("loc-001#TAP#01");
        assertThat(devices.deviceTelemetry("SCALE-0003").orElseThrow().number("battery_pct")).isEqualByComparingTo("90");
        assertThat(devices.currentCalibration("SCALE-0001").orElseThrow().number("scale")).isEqualByComparingTo("21500");
        assertThat(devices.calibrationHistory("SCALE-0001")).extracting(i -> i.string("SK"))
                .containsExactly("CAL#2026-03-18T20:00:00.000Z", "CAL#2026-03-17T20:00:00.000Z");
        assertThat(devices.deviceById("SCALE-0004").orElseThrow().string("hardware_id")).isEqualTo("B8:27:EB:00:00:04");
        assertThat(devices.deviceById("SCALE-9999")).isEmpty();
        assertThat(devices.lowBatteryDevices("loc-001")).extracting(i -> i.string("PK"))
                .containsExactly("DEVICE#SCALE-0001", "DEVICE#SCALE-0002");
    }

    @Test
    void alerts_history_grace_period_and_live_connections() {
        put(Keys.alertActive("loc-001", "low_keg", "TAP#02"), Map.of("status", s("firing")));
        put(Keys.alertActive("loc-001", "low_battery", "DEVICE#SCALE-0001"), Map.of("status", s("firing")));
        put(Keys.alertActive("loc-002", "low_keg", "TAP#01"), Map.of("status", s("firing")));
        for (int i = 0; i < 3; i++) {
            put(Keys.alertHist("loc-001", NOW.minusSeconds(3600L * i).toEpochMilli(), "low_keg", "TAP#02"),
                    Map.of("status", s(i == 0 ? "resolved" : "firing")));
        }
        put(Keys.firing("loc-001#TAP#02", "low_keg"), Map.of("expires_at", n(NOW.getEpochSecond() + 300)));
        put(Keys.firing("loc-001#TAP#03", "low_keg"), Map.of("expires_at", n(NOW.getEpochSecond() - 1)));
        put(Keys.wsConnection("c-live"), Map.of("loc_id", s("loc-001"), "expires_at", n(NOW.getEpochSecond() + 7200)));
        put(Keys.wsConnection("c-gone"), Map.of("loc_id", s("loc-001"), "expires_at", n(NOW.getEpochSecond() - 5)));
        put(Keys.wsConnection("c-other"), Map.of("loc_id", s("loc-002"), "expires_at", n(NOW.getEpochSecond() + 7200)));
        AlertQueries alerts = new AlertQueries(dynamo.client(), names);

        assertThat(alerts.activeAlerts("loc-001")).extracting(i -> i.string("SK"))
                .containsExactly("ACTIVE#low_battery#DEVICE#SCALE-0001", "ACTIVE#low_keg#TAP#02");
        assertThat(alerts.alertHistory("loc-001", 2)).extracting(i -> i.string("status"))
                .containsExactly("resolved", "firing");
        assertThat(alerts.gracePeriod("loc-001#TAP#02", "low_keg", NOW)).isPresent();
        assertThat(alerts.gracePeriod("loc-001#TAP#03", "low_keg", NOW)).as("expired, TTL not yet run").isEmpty();
        assertThat(alerts.wsConnections("loc-001", NOW)).extracting(i -> i.string("PK")).containsExactly("WS_CONN#c-live");
        assertThat(alerts.activeAlerts("loc-001").get(0).number("expires_at")).isNull();
    }

    private void put(ItemKey key, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.putAll(Attr.key(key));
        dynamo.client().putItem(b -> b.tableName(names.scaleSense()).item(item));
    }
}
