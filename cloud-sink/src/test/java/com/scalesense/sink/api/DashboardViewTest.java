package com.scalesense.sink.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.query.Item;
import com.scalesense.sink.query.TapView;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DashboardViewTest {

    private static final Instant NOW = Instant.parse("2026-11-27T22:00:00Z");

    @Test
    void shows_the_assignment_path_s_own_status_and_request_time_when_the_tap_config_has_them() {
        Item config = new Item(Map.of("keg_id", "keg-20261127-aaaa", "assignment_keg_id", "keg-20261127-aaaa",
                "assignment_status", "applied", "assignment_requested_at", "2026-11-27T21:00:00Z"));
        // the state still shows the old keg: the explicit status wins over the derived one
        Item state = new Item(Map.of("keg_id", "keg-20261120-old1"));

        Map<String, Object> tap = only(view(new TapView("07", config, state), List.of()));

        assertThat(tap.get("assignment")).isEqualTo(Map.of("keg_id", "keg-20261127-aaaa", "status", "applied",
                "requested_at", "2026-11-27T21:00:00Z"));
    }

    @Test
    void derives_pending_until_the_readings_carry_the_keg_for_a_tap_assigned_before_the_assignment_attributes() {
        Item config = new Item(Map.of("keg_id", "keg-20261127-aaaa"));

        Map<String, Object> pending = only(view(new TapView("07", config, new Item(Map.of("keg_id", "keg-20261120-old1"))), List.of()));
        Map<String, Object> applied = only(view(new TapView("07", config, new Item(Map.of("keg_id", "keg-20261127-aaaa"))), List.of()));

        assertThat(((Map<?, ?>) pending.get("assignment")).get("status")).isEqualTo("pending");
        assertThat(((Map<?, ?>) applied.get("assignment")).get("status")).isEqualTo("applied");
        assertThat(((Map<?, ?>) applied.get("assignment")).get("requested_at")).isNull();
    }

    @Test
    void badges_the_alerts_of_the_tap_and_of_its_scale_only_while_they_fire() {
        Item config = new Item(Map.of("assigned_device_id", "SCALE-0042"));
        List<Item> alerts = List.of(
                alert("low_keg", "TAP#07", "firing"), alert("sensor_error", "DEVICE#SCALE-0042", "firing"),
                alert("offline", "DEVICE#SCALE-0042", "resolved"), alert("low_keg", "TAP#08", "firing"),
                alert("keg_unassigned", "TAP#07", "firing"));

        Map<String, Object> tap = only(view(new TapView("07", config, null), alerts));

        assertThat((List<?>) tap.get("alerts")).extracting(a -> ((Map<?, ?>) a).get("alert_type") + "/" + ((Map<?, ?>) a).get("severity"))
                .containsExactly("low_keg/warning", "sensor_error/critical", "keg_unassigned/warning");
        assertThat(tap.get("beer")).isNull();
        assertThat(tap.get("keg")).isNull();
        assertThat(tap.get("keg_state")).isEqualTo("unknown");
    }

    @Test
    void converts_the_scale_s_gallons_per_hour_to_fluid_ounces_per_minute() {
        Item state = new Item(Map.of("pour_rate_gph", new BigDecimal("1.5"), "hours_remaining", new BigDecimal("3.2")));

        Map<String, Object> tap = only(view(new TapView("07", null, state), List.of()));

        // 1.5 gal/h x 128 fl oz/gal / 60 min/h = 3.2 fl oz/min
        assertThat(tap.get("pour_rate_oz_per_min")).isEqualTo(new BigDecimal("3.2"));
        assertThat(tap.get("hours_left")).isEqualTo(new BigDecimal("3.2"));
    }

    private static Map<String, Object> view(TapView tap, List<Item> alerts) {
        return DashboardView.of("loc-001", LocationProfile.defaults("Demo Taproom"), List.of(tap), Map.of(), alerts, NOW);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> only(Map<String, Object> dashboard) {
        return ((List<Map<String, Object>>) dashboard.get("taps")).get(0);
    }

    private static Item alert(String type, String entity, String status) {
        return new Item(Map.of("type", type, "entity", entity, "status", status, "fired_at", "2026-11-27T21:30:00Z"));
    }
}
