package com.scalesense.demo.report;

import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.sink.query.Item;
import com.scalesense.sink.query.TapQueries;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compares, per tap, everything the scales produced ({@link Ledger}) with what the tables hold:
 * every reading exactly once in device_readings and in the keg readings store, the tap state
 * equal to the newest reading, the daily summaries equal to the pours, and the low_keg alert
 * history equal to what the readings imply. The expectations are computed here from the readings,
 * independently of the sink's code.
 */
public final class Verification {

    /**
     * The rules of the location the expectations follow.
     *
     * @param zone              the bar's timezone
     * @param businessDayEndsAt local time the bar's day rolls over
     * @param lowKegPct         level below which a keg is low, percent
     * @param gracePeriodSecs   how long it must stay low before the alert fires, seconds
     */
    public record Rules(ZoneId zone, LocalTime businessDayEndsAt, double lowKegPct, long gracePeriodSecs) {
    }

    private final DynamoDbClient client;
    private final TableNames names;
    private final StoredReadings stored;
    private final Rules rules;

    public Verification(DynamoDbClient client, TableNames names, Rules rules) {
        this.client = client;
        this.names = names;
        this.stored = new StoredReadings(client, names);
        this.rules = rules;
    }

    /** Every check of one tap. */
    public List<Check> check(String locId, TapPlan tap, Ledger ledger) {
        List<Ledger.Sent> sent = ledger.readings(tap);
        String t = "TAP#" + tap.tapNumber();
        List<Check> checks = new ArrayList<>();
        String expectedKeys = keys(sent.stream().map(s -> s.bootId() + "@" + s.reading().timestampMs()).toList());
        checks.add(new Check(t + " device_readings", expectedKeys, keys(stored.deviceReadings(tap.hardwareId())
                .stream().map(s -> s.bootId() + "@" + s.timestampMs()).toList())));
        List<String> inKegStore = new ArrayList<>();
        sent.stream().map(Ledger.Sent::kegId).distinct().forEach(keg -> stored.kegReadings(keg, tap.tapId(locId))
                .forEach(s -> inKegStore.add(s.bootId() + "@" + s.timestampMs())));
        checks.add(new Check(t + " keg readings store", expectedKeys, keys(inKegStore)));
        checks.add(tapState(locId, tap, sent));
        checks.addAll(summaries(locId, tap, ledger.pours(tap)));
        checks.add(alerts(locId, tap, sent));
        return checks;
    }

    /** The keys as a count and a digest of their sorted list, so a mismatch of any one shows. */
    private static String keys(List<String> keys) {
        List<String> sorted = keys.stream().sorted().toList();
        return sorted.size() + " readings (digest " + Integer.toHexString(sorted.hashCode()) + ")";
    }

    private Check tapState(String locId, TapPlan tap, List<Ledger.Sent> sent) {
        // a disturbed reading without a level does not move TAP#STATE (the sink's LatestState.newestForTapState)
        Reading newest = sent.stream().map(Ledger.Sent::reading).filter(Reading::clockSynced)
                .filter(r -> r.kegState() != KegState.DISTURBED || r.levelPct() != null)
                .max(Comparator.comparingLong(Reading::timestampMs)).orElse(null);
        String expected = newest == null ? "none" : state(newest.timestampMs(), newest.levelPct());
        Item state = new TapQueries(client, names).tapState(locId, tap.tapNumber()).orElse(null);
        String actual = state == null || state.number("updated_at_ms") == null ? "none"
                : state(state.number("updated_at_ms").longValueExact(), dbl(state.number("level_pct")));
        return new Check("TAP#" + tap.tapNumber() + " TAP#STATE", expected, actual);
    }

    private static String state(long atMs, Double level) {
        return "level_pct " + (level == null ? "null" : String.format(Locale.ROOT, "%.4f", level)) + " at "
                + Instant.ofEpochMilli(atMs);
    }

    private List<Check> summaries(String locId, TapPlan tap, List<Ledger.Poured> pours) {
        Map<LocalDate, double[]> byDay = new TreeMap<>();
        for (Ledger.Poured p : pours) {
            double[] s = byDay.computeIfAbsent(businessDayOf(p.pour().timestampMs()), d -> new double[2]);
            s[0]++;
            s[1] += p.pour().volumeOz();
        }
        List<Check> checks = new ArrayList<>();
        byDay.forEach((day, s) -> {
            var key = Keys.dailySummary(locId, tap.tapNumber(), day);
            Map<String, AttributeValue> item = client.getItem(b -> b.tableName(names.scaleSense()).consistentRead(true)
                    .key(Map.of("PK", AttributeValue.fromS(key.pk()), "SK", AttributeValue.fromS(key.sk())))).item();
            String actual = item == null || item.isEmpty() ? "none" : summary(Double.parseDouble(item.get("pours").n()),
                    Double.parseDouble(item.get("volume_oz").n()));
            checks.add(new Check("TAP#" + tap.tapNumber() + " summary " + day, summary(s[0], s[1]), actual));
        });
        return checks;
    }

    /** Sums of the same pours in another order differ in the last bits: compare to 0.001 oz. */
    private static String summary(double pours, double oz) {
        return String.format(Locale.ROOT, "%d pours, %.3f oz", (long) pours, oz);
    }

    /** The bar's business day of an instant: before the day's end time it is still yesterday's. */
    public LocalDate businessDayOf(long epochMs) {
        ZonedDateTime local = Instant.ofEpochMilli(epochMs).atZone(rules.zone());
        return local.toLocalTime().isBefore(rules.businessDayEndsAt()) ? local.toLocalDate().minusDays(1)
                : local.toLocalDate();
    }

    private Check alerts(String locId, TapPlan tap, List<Ledger.Sent> sent) {
        List<String> expected = new ArrayList<>();
        Long since = null;
        boolean firing = false;
        for (Reading r : sent.stream().map(Ledger.Sent::reading).filter(Reading::clockSynced)
                .sorted(Comparator.comparingLong(Reading::timestampMs)).toList()) {
            if (r.levelPct() == null) {
                continue;
            }
            boolean low = r.levelPct() < rules.lowKegPct();
            long t = r.timestampMs();
            if (firing && !low) {
                expected.add("resolved@" + Instant.ofEpochMilli(t));
                firing = false;
            } else if (!firing && low) {
                since = since == null ? t : since;
                if (t - since >= rules.gracePeriodSecs() * 1000) {
                    expected.add("fired@" + Instant.ofEpochMilli(t));
                    firing = true;
                    since = null;
                }
            } else if (!low) {
                since = null;
            }
        }
        String entity = Keys.tapEntity(tap.tapNumber());
        List<String> actual = new ArrayList<>();
        client.queryPaginator(b -> b.tableName(names.scaleSense()).keyConditionExpression("PK = :pk AND begins_with(SK, :h)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("ALERT#" + locId),
                        ":h", AttributeValue.fromS("HIST#")))).items().forEach(item -> {
                            String sk = item.get("SK").s();
                            if (sk.endsWith("#low_keg#" + entity)) {
                                actual.add(item.get("status").s() + "@" + Instant.parse(sk.split("#")[1]));
                            }
                        });
        return new Check("TAP#" + tap.tapNumber() + " low_keg alerts", String.join(", ", expected),
                actual.stream().sorted(Comparator.comparing(s -> s.substring(s.indexOf('@')))).collect(Collectors.joining(", ")));
    }

    private static Double dbl(BigDecimal d) {
        return d == null ? null : d.doubleValue();
    }
}
