package com.scalesense.sink.validation;

import com.scalesense.sink.SinkException;

/**
 * Input broke a rule at the boundary; nothing was written. Carries the field, the offending
 * value (truncated to {@value #MAX_QUOTED} characters) and the rule, so an operator can fix it.
 */
public class InvalidInputException extends SinkException {

    private static final long serialVersionUID = 1L;
    static final int MAX_QUOTED = 64;

    private final String field;
    private final String value;
    private final String rule;

    public InvalidInputException(String field, Object value, String rule) {
        super(field + " " + rule + ", was '" + quote(value) + "'.");
        this.field = field;
        this.value = quote(value);
        this.rule = rule;
    }

    public String field() {
        return field;
    }

    /** The value as quoted in the message, already truncated. */
    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }

    private static String quote(Object value) {
        String s = String.valueOf(value);
        return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "…(" + s.length() + " chars)";
    }
}
