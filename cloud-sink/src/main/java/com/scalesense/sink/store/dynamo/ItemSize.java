package com.scalesense.sink.store.dynamo;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Item size and write units by DynamoDB's published rules (Developer Guide, "Item sizes and
 * formats"; "Read/write capacity mode"): an attribute costs its name's UTF-8 bytes plus its
 * value; a string its UTF-8 bytes; a number about one byte per two significant digits plus one;
 * a boolean or null one byte; a list or map 3 bytes plus one byte per element plus the elements.
 * A write costs one unit per started KB of the item; a transactional write costs two.
 */
public final class ItemSize {

    private ItemSize() {
    }

    public static int bytes(Map<String, AttributeValue> item) {
        int total = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            total += utf8(e.getKey()) + value(e.getValue());
        }
        return total;
    }

    /** Write units of a standard (non-transactional) write of an item of this size: ceil(bytes / 1024), at least 1. */
    public static int writeUnits(int bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }

    private static int value(AttributeValue v) {
        if (v.s() != null) {
            return utf8(v.s());
        }
        if (v.n() != null) {
            String digits = v.n().replace("-", "").replace(".", "").replaceAll("^0+", "");
            return (Math.max(1, digits.length()) + 1) / 2 + 1;
        }
        if (v.bool() != null || Boolean.TRUE.equals(v.nul())) {
            return 1;
        }
        if (v.hasM()) {
            int total = 3;
            for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
                total += 1 + utf8(e.getKey()) + value(e.getValue());
            }
            return total;
        }
        if (v.hasL()) {
            int total = 3;
            for (AttributeValue e : v.l()) {
                total += 1 + value(e);
            }
            return total;
        }
        if (v.b() != null) {
            return v.b().asByteArray().length;
        }
        return 0;
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
