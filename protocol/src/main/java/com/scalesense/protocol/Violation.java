package com.scalesense.protocol;

/**
 * One broken rule in one message.
 *
 * @param field JSON path of the offending value, e.g. {@code readings[3].level_pct}
 * @param value the offending value as text, cut to 64 characters (then {@code …(N chars)}),
 *              or {@code null} when the value is absent
 * @param rule  the rule it breaks, in words
 */
public record Violation(String field, String value, String rule) {

    public Violation {
        value = value == null ? null : Truncate.forMessage(value);
    }

    @Override
    public String toString() {
        return field + " = " + value + ": " + rule;
    }
}
