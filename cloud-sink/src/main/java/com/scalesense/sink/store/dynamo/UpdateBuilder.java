package com.scalesense.sink.store.dynamo;

import com.scalesense.sink.tables.Attr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds an UpdateExpression with placeholders for every name and value, so attribute names that
 * are DynamoDB reserved words ({@code count}, {@code value}, {@code state}) need no special care.
 * Null values are removed rather than set: an absent attribute means "unknown".
 */
final class UpdateBuilder {

    private final List<String> sets = new ArrayList<>();
    private final List<String> removes = new ArrayList<>();
    private final List<String> adds = new ArrayList<>();
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, AttributeValue> values = new HashMap<>();
    /** Approximate size of the written attributes, for {@link WriteMeter}. */
    private final Map<String, AttributeValue> written = new HashMap<>();
    private String condition;

    UpdateBuilder set(String name, AttributeValue value) {
        if (value == null) {
            removes.add(name(name));
            return this;
        }
        sets.add(name(name) + " = " + value(value));
        written.put(name, value);
        return this;
    }

    UpdateBuilder setDouble(String name, Double value) {
        return set(name, value == null ? null : Attr.n(value));
    }

    /** Sets the attribute only if the item has none yet (first_registered_at, confirmation_id). */
    UpdateBuilder setIfAbsent(String name, AttributeValue value) {
        String n = name(name);
        sets.add(n + " = if_not_exists(" + n + ", " + value(value) + ")");
        written.put(name, value);
        return this;
    }

    UpdateBuilder add(String name, AttributeValue number) {
        adds.add(name(name) + " " + value(number));
        written.put(name, number);
        return this;
    }

    /** Newer-only guard: true when the item has no such attribute or holds a value ≤ {@code at}. */
    UpdateBuilder onlyIfNotNewer(String name, AttributeValue at) {
        String n = name(name);
        condition = "attribute_not_exists(" + n + ") OR " + n + " <= " + value(at);
        return this;
    }

    /**
     * Strictly-newer guard for an item that must already exist: {@code exists} is present, and
     * {@code name} is absent or holds a value &lt; {@code at} (a repeat of the same value is refused).
     */
    UpdateBuilder onlyIfExistsAndOlder(String exists, String name, AttributeValue at) {
        String n = name(name);
        condition = "attribute_exists(" + name(exists) + ") AND (attribute_not_exists(" + n + ") OR " + n + " < "
                + value(at) + ")";
        return this;
    }

    /** Once-only guard: the set attribute {@code name} does not hold {@code element} (true when it is absent). */
    UpdateBuilder onlyIfNotContains(String name, AttributeValue element) {
        condition = "NOT contains(" + name(name) + ", " + value(element) + ")";
        return this;
    }

    /** Optimistic guard: the attribute still holds {@code expected} (or is absent when {@code expected} is null). */
    UpdateBuilder onlyIfUnchanged(String name, AttributeValue expected) {
        String n = name(name);
        condition = expected == null ? "attribute_not_exists(" + n + ")" : n + " = " + value(expected);
        return this;
    }

    /** Adds (AND) to the condition: the attribute is absent or equals {@code value}. */
    UpdateBuilder andAbsentOrEqual(String name, AttributeValue value) {
        String n = name(name);
        String clause = "(attribute_not_exists(" + n + ") OR " + n + " = " + value(value) + ")";
        condition = condition == null ? clause : "(" + condition + ") AND " + clause;
        return this;
    }

    /**
     * Adds (AND) a condition written with its own placeholders ({@code #name}, {@code :value}; they
     * must not look like this builder's {@code #a0}, {@code :v0}).
     */
    UpdateBuilder onlyIf(String clause, Map<String, String> clauseNames, Map<String, AttributeValue> clauseValues) {
        names.putAll(clauseNames);
        values.putAll(clauseValues);
        condition = condition == null ? clause : "(" + condition + ") AND (" + clause + ")";
        return this;
    }

    String expression() {
        StringBuilder e = new StringBuilder();
        if (!sets.isEmpty()) {
            e.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            e.append(e.length() > 0 ? " " : "").append("REMOVE ").append(String.join(", ", removes));
        }
        if (!adds.isEmpty()) {
            e.append(e.length() > 0 ? " " : "").append("ADD ").append(String.join(", ", adds));
        }
        return e.toString();
    }

    String condition() {
        return condition;
    }

    Map<String, String> names() {
        return names;
    }

    Map<String, AttributeValue> values() {
        return values;
    }

    /** Bytes of the item after the update, estimated from its key plus the attributes written. */
    int estimatedBytes(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> all = new HashMap<>(written);
        all.putAll(key);
        return ItemSize.bytes(all);
    }

    private String name(String name) {
        String placeholder = "#a" + names.size();
        names.put(placeholder, name);
        return placeholder;
    }

    private String value(AttributeValue v) {
        String placeholder = ":v" + values.size();
        values.put(placeholder, v);
        return placeholder;
    }
}
