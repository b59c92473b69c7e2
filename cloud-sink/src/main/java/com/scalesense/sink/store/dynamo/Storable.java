package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What DynamoDB can store, checked on the items before the first write, so a message DynamoDB
 * would refuse half-way (after the first 25 reading items, issue 13 class 2) is rejected whole.
 * Limits from the DynamoDB Developer Guide, "Data types" and "Service quotas": a number has at
 * most 38 significant digits and a magnitude from 1E-130 to below 1E+126 (or is zero); an item
 * is at most 400 KB including attribute names.
 */
final class Storable {

    static final int MAX_DIGITS = 38;
    /** Smallest decimal exponent of a non-zero number's leading digit: 1E-130. */
    static final int MIN_EXPONENT = -130;
    /** Largest decimal exponent of the leading digit: 9.99…E+125. */
    static final int MAX_EXPONENT = 125;
    static final int MAX_ITEM_BYTES = 400 * 1024;
    // Violations reported per message: enough to see the pattern, bounded like the codec's.
    private static final int MAX_REPORTED = 10;

    private Storable() {
    }

    /** Every rule an item of {@code what} breaks; empty when DynamoDB would store all of them. */
    static List<Violation> check(String what, List<Map<String, AttributeValue>> items) {
        List<Violation> out = new ArrayList<>();
        for (var item : items) {
            int bytes = ItemSize.bytes(item);
            if (bytes >= MAX_ITEM_BYTES) {
                out.add(new Violation(what, bytes + " bytes", "an item must be under " + MAX_ITEM_BYTES
                        + " bytes (DynamoDB item size limit)"));
            }
            item.forEach((name, v) -> numbers(name, v, out));
            if (out.size() >= MAX_REPORTED) {
                break;
            }
        }
        return out.size() > MAX_REPORTED ? out.subList(0, MAX_REPORTED) : out;
    }

    /** The rule a number's text breaks, or null when DynamoDB stores it. */
    static String numberRule(String text) {
        BigDecimal d;
        try {
            d = new BigDecimal(text).stripTrailingZeros();
        } catch (NumberFormatException e) {
            return "must be a decimal number";
        }
        if (d.signum() == 0) {
            return null;
        }
        if (d.precision() > MAX_DIGITS) {
            return "must have at most " + MAX_DIGITS + " significant digits (DynamoDB number precision)";
        }
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
            return "must be zero or have a magnitude from 1E-130 to below 1E+126 (DynamoDB number range)";
        }
        return null;
    }

    private static String scientific(String text) {
        try {
            return new BigDecimal(text).stripTrailingZeros().toString();
        } catch (NumberFormatException e) {
            return text;
        }
    }

    private static void numbers(String path, AttributeValue v, List<Violation> out) {
        if (v.n() != null) {
            String rule = numberRule(v.n());
            if (rule != null) {
                // Scientific form: the plain text of 1E-131 is 133 characters, cut in the reason.
                out.add(new Violation(path, scientific(v.n()), rule));
            }
        } else if (v.hasM()) {
            v.m().forEach((k, e) -> numbers(path + "." + k, e, out));
        } else if (v.hasL()) {
            for (int i = 0; i < v.l().size(); i++) {
                numbers(path + "[" + i + "]", v.l().get(i), out);
            }
        } else if (v.hasNs()) {
            v.ns().forEach(n -> numbers(path, AttributeValue.fromN(n), out));
        }
    }
}
