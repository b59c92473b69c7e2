package com.scalesense.hal.hx711;

import com.scalesense.hal.HalException;

/** A driver setting broke its rule; nothing was opened. Names the field, the value and the rule. */
public final class InvalidHx711ConfigException extends HalException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_VALUE_CHARS = 40;

    private final String field;
    private final String value;
    private final String rule;

    public InvalidHx711ConfigException(String field, Object value, String rule) {
        super("hx711." + field + " = " + truncate(String.valueOf(value)) + ": " + rule);
        this.field = field;
        this.value = truncate(String.valueOf(value));
        this.rule = rule;
    }

    public String field() {
        return field;
    }

    /** The offending value as text, cut to 40 characters. */
    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }

    private static String truncate(String text) {
        return text.length() <= MAX_VALUE_CHARS ? text : text.substring(0, MAX_VALUE_CHARS) + "…";
    }
}
