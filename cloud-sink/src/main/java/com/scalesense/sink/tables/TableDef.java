package com.scalesense.sink.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A table as data: the single description from which tables are created in tests, the demo and
 * the deploy template, so the three cannot drift apart.
 *
 * @param baseName     name without deployment prefix, as in the seeds (e.g. {@code devices})
 * @param partitionKey partition key
 * @param sortKey      sort key, or null
 * @param indexes      global secondary indexes
 * @param ttlAttribute attribute holding the expiry in epoch <b>seconds</b>, or null for no TTL
 */
public record TableDef(String baseName, KeyAttr partitionKey, KeyAttr sortKey, List<IndexDef> indexes,
                       String ttlAttribute) {

    public TableDef {
        Objects.requireNonNull(baseName, "Table name must not be null.");
        Objects.requireNonNull(partitionKey, "Table partition key must not be null.");
        indexes = indexes == null ? List.of() : List.copyOf(indexes);
    }

    /** Every attribute used as a key by the table or one of its indexes, with its type, once. */
    public Map<String, AttrType> keyAttributes() {
        Map<String, AttrType> out = new LinkedHashMap<>();
        List<KeyAttr> all = new ArrayList<>();
        all.add(partitionKey);
        all.add(sortKey);
        for (IndexDef index : indexes) {
            all.add(index.partitionKey());
            all.add(index.sortKey());
        }
        for (KeyAttr k : all) {
            if (k == null) {
                continue;
            }
            AttrType seen = out.putIfAbsent(k.name(), k.type());
            if (seen != null && seen != k.type()) {
                throw new IllegalStateException("Table " + baseName + ": key attribute " + k.name()
                        + " used as both " + seen + " and " + k.type() + ".");
            }
        }
        return out;
    }
}
