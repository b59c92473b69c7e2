package com.scalesense.demo;

import com.scalesense.demo.report.Verification;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.sink.query.AlertQueries;
import com.scalesense.sink.query.Item;
import com.scalesense.sink.query.TapQueries;
import com.scalesense.sink.query.TapView;
import com.scalesense.sink.tables.Keys;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The bar as the manager's dashboard sees it, read from the tables with the admin module's query
 * functions (seed 000's "dashboard load" and "active alerts at location" patterns) plus the
 * day's pour summaries; one line per tap.
 */
final class DashboardText {

    private DashboardText() {
    }

    static List<String> frame(BarNight night) {
        var tables = night.cloud().tables();
        Map<String, TapView> views = new TapQueries(tables.client(), tables.names()).dashboard(BarEvening.LOC_ID)
                .stream().collect(Collectors.toMap(TapView::tapNumber, v -> v, (a, b) -> a));
        List<Item> alerts = new AlertQueries(tables.client(), tables.names()).activeAlerts(BarEvening.LOC_ID);
        LocalDate day = new Verification(tables.client(), tables.names(), new Verification.Rules(BarNight.BAR_ZONE,
                LocalTime.of(6, 0), 15, 0)).businessDayOf(night.config().eveningStartMs());
        long elapsedS = Math.min(night.time().simNanos() / 1_000_000_000L, night.config().duration().toSeconds());
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "Scale Sense demo - Demo Taproom (loc-001)   bar time %s   %dh%02dm of %s   x%.0f",
                night.clockText(), elapsedS / 3600, elapsedS / 60 % 60, hours(night.config().duration().toMinutes()),
                night.config().speed()));
        lines.add(String.format(Locale.ROOT, "%-4s %-24s %7s %7s %6s %11s  %-10s %s", "TAP", "BEER", "LEVEL", "PINTS",
                "POURS", "HOURS LEFT", "ALERT", "AGENT"));
        for (DemoScale s : night.scales()) {
            TapPlan tap = s.tap();
            Item state = views.containsKey(tap.tapNumber()) ? views.get(tap.tapNumber()).state() : null;
            String alert = alerts.stream().filter(a -> "firing".equals(a.string("status"))
                            && Keys.tapEntity(tap.tapNumber()).equals(a.string("entity")))
                    .map(a -> a.string("type").toUpperCase(Locale.ROOT)).collect(Collectors.joining(","));
            lines.add(String.format(Locale.ROOT, "%-4s %-24s %7s %7s %6s %11s  %-10s %s", tap.tapNumber(),
                    tap.beerName(), num(state, "level_pct", "%.1f%%"), num(state, "pints_left", "%.1f"),
                    pours(night, tap, day), num(state, "hours_remaining", "%.1f"), alert.isEmpty() ? "-" : alert,
                    s.running() ? "up (boot " + s.boots() + ")" : s.eveningOver() ? "stopped" : "DOWN"));
        }
        var rule = night.cloud().rule();
        lines.add(String.format(Locale.ROOT, "batches stored %d, duplicates ignored %d, sink failures redelivered %d,"
                        + " rejected %d | broker %s | readings accepted by agents %d", rule.accepted(), rule.duplicates(),
                rule.failures(), rule.rejected(), night.cloud().broker().running() ? "up" : "DOWN",
                night.ledger().readingCount()));
        List<String> timeline = night.timeline();
        lines.add("events: " + (timeline.isEmpty() ? "-" : String.join("; ", timeline.subList(
                Math.max(0, timeline.size() - 4), timeline.size()))));
        return lines;
    }

    private static String pours(BarNight night, TapPlan tap, LocalDate day) {
        var tables = night.cloud().tables();
        var key = Keys.dailySummary(BarEvening.LOC_ID, tap.tapNumber(), day);
        Map<String, AttributeValue> item = tables.client().getItem(b -> b.tableName(tables.names().scaleSense())
                .key(Map.of("PK", AttributeValue.fromS(key.pk()), "SK", AttributeValue.fromS(key.sk())))).item();
        return item == null || !item.containsKey("pours") ? "0" : item.get("pours").n();
    }

    private static String num(Item item, String name, String format) {
        BigDecimal v = item == null ? null : item.number(name);
        return v == null ? "-" : String.format(Locale.ROOT, format, v.doubleValue());
    }

    private static String hours(long minutes) {
        return minutes / 60 + "h" + String.format(Locale.ROOT, "%02d", minutes % 60);
    }

    /** Seed 000's dashboard load, printed in full at the end: config and state joined per tap. */
    static List<String> dashboard(BarNight night) {
        var tables = night.cloud().tables();
        List<String> lines = new ArrayList<>();
        lines.add("Dashboard load (TapQueries.dashboard: PK = LOCATION#loc-001, SK begins_with TAP#):");
        for (TapView v : new TapQueries(tables.client(), tables.names()).dashboard(BarEvening.LOC_ID)) {
            Item c = v.config();
            if (c == null || c.string("keg_id") == null) {
                lines.add("  TAP#" + v.tapNumber() + " no keg assigned");
                continue;
            }
            Item s = v.state();
            lines.add(String.format(Locale.ROOT, "  TAP#%s %-22s keg %s (%s)  level %s  %s gal  %s pints  %s gal/h"
                            + "  %s h left  %s  updated %s", v.tapNumber(), c == null ? "-" : c.string("beer_id"),
                    c == null ? "-" : c.string("keg_id"), c == null ? "-" : c.string("keg_type"),
                    num(s, "level_pct", "%.1f%%"), num(s, "gallons", "%.2f"), num(s, "pints_left", "%.1f"),
                    num(s, "pour_rate_gph", "%.2f"), num(s, "hours_remaining", "%.1f"),
                    s == null ? "-" : s.string("keg_state"), s == null || s.number("updated_at_ms") == null ? "-"
                            : Instant.ofEpochMilli(s.number("updated_at_ms").longValue()).atZone(BarNight.BAR_ZONE)
                            .toLocalTime().withNano(0)));
        }
        return lines;
    }
}
