package com.scalesense.protocol;

/**
 * One broken rule in one message.
 *
 * <p>All three parts may carry text the sender chose (a map key in the path, the value, a
 * value named by the rule), so each is made log-safe by {@link SafeText} here, where every
 * reason of both ends is built: control, bidi and format characters become a backslash-u escape of four hex digits.
 *
 * @param field JSON path of the offending value, e.g. {@code readings[3].level_pct}
 * @param value the offending value as text, cut to 64 characters (then {@code …(N chars)}),
 *              or {@code null} when the value is absent
 * @param rule  the rule it breaks, in words
 */
public record Violation(String field, String value, String rule) {

    public Violation {
        field = SafeText.line(field);
        value = value == null ? null : SafeText.quote(value);
        rule = SafeText.line(rule);
    }

    @Override
    public String toString() {
        return field + " = " + value + ": " + rule;
    }
}
