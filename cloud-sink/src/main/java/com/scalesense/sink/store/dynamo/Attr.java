package com.scalesense.sink.store.dynamo;

import java.math.BigDecimal;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short builders and readers for attribute values. */
final class Attr {

    private Attr() {
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static AttributeValue n(long v) {
        return AttributeValue.fromN(Long.toString(v));
    }

    /** A decimal number as DynamoDB stores it: the shortest exact text of the double. */
    static AttributeValue n(double v) {
        return AttributeValue.fromN(BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
    }

    static AttributeValue bool(boolean v) {
        return AttributeValue.fromBool(v);
    }

    static String str(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null ? null : v.s();
    }

    static Long num(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null || v.n() == null ? null : new BigDecimal(v.n()).longValue();
    }

    static Double dec(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null || v.n() == null ? null : Double.valueOf(v.n());
    }

    static Boolean flag(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item == null ? null : item.get(name);
        return v == null ? null : v.bool();
    }
}
