package com.scalesense.sink.query;

import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.validation.Fields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Seed 000 access patterns on taps: dashboard load, tap state, tap config. */
public final class TapQueries {

    private final Reads reads;

    public TapQueries(DynamoDbClient client, TableNames names) {
        this.reads = new Reads(client, names.scaleSense());
    }

    /**
     * Dashboard load: {@code PK=LOCATION#<loc_id>, SK begins_with TAP#} — one Query returns config
     * and state items side by side; they are joined per tap, ordered by tap number.
     */
    public List<TapView> dashboard(String locId) {
        Fields.match("loc_id", locId, Fields.LOC_ID);
        Map<String, Item[]> taps = new TreeMap<>();
        for (Item item : reads.prefix("LOCATION#" + locId, "TAP#", true)) {
            String[] sk = item.string("SK").split("#");
            Item[] pair = taps.computeIfAbsent(sk[1], n -> new Item[2]);
            pair[sk.length == 3 && "STATE".equals(sk[2]) ? 1 : 0] = item;
        }
        List<TapView> out = new ArrayList<>();
        taps.forEach((number, pair) -> out.add(new TapView(number, pair[0], pair[1])));
        return out;
    }

    /** {@code PK=LOCATION#<loc_id>, SK=TAP#nn#STATE}. */
    public Optional<Item> tapState(String locId, String tapNumber) {
        return reads.get(Keys.tapState(check(locId), Fields.match("tap_number", tapNumber, Fields.TAP_NUMBER)));
    }

    /** {@code PK=LOCATION#<loc_id>, SK=TAP#nn}. */
    public Optional<Item> tapConfig(String locId, String tapNumber) {
        return reads.get(Keys.tapConfig(check(locId), Fields.match("tap_number", tapNumber, Fields.TAP_NUMBER)));
    }

    /**
     * The kegs a tap has held, newest first: the location's {@code KEG#/META} items (GSI
     * loc_id-index, {@code loc_id = :loc}; seed 000 keeps every keg's META) whose {@code tap_id} is
     * this tap, newest first by {@code tapped_at} (a keg without one last). One Query, no scan.
     */
    public List<Item> kegHistory(String locId, String tapNumber) {
        String tapId = check(locId) + "#TAP#" + Fields.match("tap_number", tapNumber, Fields.TAP_NUMBER);
        return reads.index(Tables.LOC_ID_INDEX, "loc_id", locId).stream()
                .filter(i -> i.string("PK").startsWith("KEG#") && tapId.equals(i.string("tap_id")))
                .sorted(Comparator.comparing((Item i) -> i.string("tapped_at"), Comparator.nullsFirst(Comparator.<String>naturalOrder())).reversed())
                .toList();
    }

    private static String check(String locId) {
        return Fields.match("loc_id", locId, Fields.LOC_ID);
    }
}
