package com.scalesense.sink.testing;

import com.scalesense.sink.tables.TableDef;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Test-only view of every item in the five tables, keyed "table | key", so two runs can be
 * compared item by item. Scans are fine here: tests, tiny tables, never production code.
 */
public final class TableDump {

    private TableDump() {
    }

    public static Map<String, Map<String, AttributeValue>> dump(DynamoDbClient client, TableNames names) {
        Map<String, Map<String, AttributeValue>> out = new TreeMap<>();
        for (TableDef t : Tables.ALL) {
            for (var item : client.scanPaginator(b -> b.tableName(names.of(t)).consistentRead(true)).items()) {
                String key = t.baseName() + " | " + item.get(t.partitionKey().name()).s()
                        + (t.sortKey() == null ? "" : " | " + item.get(t.sortKey().name()).s());
                out.put(key, new TreeMap<>(item));
            }
        }
        return out;
    }

    /** Human-readable differences between two dumps (keys only in one, items that differ); empty when equal. */
    public static List<String> differences(Map<String, Map<String, AttributeValue>> expected,
                                           Map<String, Map<String, AttributeValue>> actual) {
        List<String> out = new ArrayList<>();
        Set<String> keys = new TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        for (String k : keys) {
            var e = expected.get(k);
            var a = actual.get(k);
            if (e == null || a == null) {
                out.add((e == null ? "unexpected " : "missing ") + k);
            } else if (!e.equals(a)) {
                out.add("differs " + k + ": expected " + e + " but was " + a);
            }
        }
        return out;
    }

    public static Map<String, AttributeValue> item(DynamoDbClient client, TableNames names, TableDef table,
                                                   Map<String, AttributeValue> key) {
        var item = client.getItem(b -> b.tableName(names.of(table)).key(key).consistentRead(true)).item();
        return item == null || item.isEmpty() ? null : item;
    }

    public static Map<String, AttributeValue> single(DynamoDbClient client, TableNames names, String pk, String sk) {
        return item(client, names, Tables.SCALE_SENSE, Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk)));
    }
}
