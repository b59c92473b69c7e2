package com.scalesense.sink.tables;

import java.math.BigDecimal;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one way the sink builds and reads DynamoDB attribute values: ingestion's
 * {@code store.dynamo} adapter and, through {@link Table}, the admin operations, the seed loader,
 * API keys and the query functions all use it, so every table holds each number in one form.
 *
 * <p>Decimals are written as the shortest exact text of the double with trailing zeros
 * stripped ({@code 5.0} as {@code 5}, {@code 1.050} as {@code 1.05}): that is the form DynamoDB
 * itself keeps ("leading and trailing zeroes are trimmed", DynamoDB Developer Guide, Data types,
 * Number), so the text sent is the text stored, and {@code store.dynamo.ItemSize} counts the
 * digits DynamoDB bills. Every reader parses with {@link Double#valueOf} or {@link BigDecimal},
 * so a number reads back the same whichever of the two old encodings wrote it.
 */
public final class Attr {

    private Attr() {
    }

    /** The {@code PK}/{@code SK} attributes of {@code key}. */
    public static Map<String, AttributeValue> key(ItemKey key) {
        return Map.of(ItemKey.PK, s(key.pk()), ItemKey.SK, s(key.sk()));
    }

    public static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    public static AttributeValue n(long v) {
        return AttributeValue.fromN(Long.toString(v));
    }

    /** A decimal as DynamoDB stores it: exact, trailing zeros stripped (class Javadoc). */
    public static AttributeValue n(double v) {
        return AttributeValue.fromN(BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
    }

    public static AttributeValue bool(boolean v) {
        return AttributeValue.fromBool(v);
    }

    /** The string attribute {@code name}, or null when the item or the attribute is missing. */
    public static String str(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null ? null : v.s();
    }

    /** The number attribute {@code name} as a whole number (fraction dropped), or null. */
    public static Long num(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null || v.n() == null ? null : new BigDecimal(v.n()).longValue();
    }

    /** The number attribute {@code name} as a decimal, or null. */
    public static Double dec(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null || v.n() == null ? null : Double.valueOf(v.n());
    }

    /** The boolean attribute {@code name}, or null. */
    public static Boolean flag(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null ? null : v.bool();
    }
}
