package com.scalesense.sink.tables;

import java.util.List;
import java.util.Objects;

/**
 * A global secondary index as data.
 *
 * @param name             index name, e.g. {@code gsi1}
 * @param partitionKey     partition key of the index
 * @param sortKey          sort key of the index, or null
 * @param projection       which attributes the index holds
 * @param includedAttrs    non-key attributes projected when {@code projection} is INCLUDE, else empty
 */
public record IndexDef(String name, KeyAttr partitionKey, KeyAttr sortKey, Projection projection,
                       List<String> includedAttrs) {

    /** What an index copies from the base item. */
    public enum Projection { ALL, KEYS_ONLY, INCLUDE }

    public IndexDef {
        Objects.requireNonNull(name, "Index name must not be null.");
        Objects.requireNonNull(partitionKey, "Index partition key must not be null.");
        Objects.requireNonNull(projection, "Index projection must not be null.");
        includedAttrs = includedAttrs == null ? List.of() : List.copyOf(includedAttrs);
        if (projection == Projection.INCLUDE && includedAttrs.isEmpty()) {
            throw new IllegalArgumentException("Index " + name + ": INCLUDE projection needs attributes.");
        }
    }

    public static IndexDef all(String name, KeyAttr pk, KeyAttr sk) {
        return new IndexDef(name, pk, sk, Projection.ALL, List.of());
    }
}
