package com.scalesense.sink.query;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One stored item as plain Java values (String, BigDecimal, Boolean, List, Map), ready to be
 * serialised to the dashboard. Numbers stay BigDecimal so 1.014 is not printed as 1.0139999.
 * Key attributes {@code PK}/{@code SK} are kept; attribute names are as stored (snake_case).
 */
public record Item(Map<String, Object> attributes) {

    public Item {
        attributes = java.util.Collections.unmodifiableMap(new TreeMap<>(attributes));
    }

    public static Item of(Map<String, AttributeValue> raw) {
        Map<String, Object> out = new LinkedHashMap<>();
        raw.forEach((name, value) -> out.put(name, plain(value)));
        return new Item(out);
    }

    public String string(String name) {
        Object v = attributes.get(name);
        return v == null ? null : v.toString();
    }

    public BigDecimal number(String name) {
        Object v = attributes.get(name);
        return v instanceof BigDecimal d ? d : null;
    }

    public boolean has(String name) {
        return attributes.containsKey(name);
    }

    private static Object plain(AttributeValue v) {
        return switch (v.type()) {
            case S -> v.s();
            case N -> new BigDecimal(v.n());
            case BOOL -> v.bool();
            case NUL -> null;
            case L -> v.l().stream().map(Item::plain).toList();
            case M -> {
                Map<String, Object> m = new TreeMap<>();
                v.m().forEach((k, x) -> m.put(k, plain(x)));
                yield m;
            }
            case SS -> List.copyOf(v.ss());
            case NS -> v.ns().stream().map(BigDecimal::new).toList();
            default -> v.toString();
        };
    }
}
