package com.scalesense.demo;

/** A demo option outside its rule; names the option, the value (truncated) and the rule. */
public final class InvalidOptionException extends DemoException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_VALUE_CHARS = 64;

    private final String option;
    private final String value;
    private final String rule;

    public InvalidOptionException(String option, Object value, String rule) {
        super(option + " = '" + truncate(String.valueOf(value)) + "' " + rule);
        this.option = option;
        this.value = truncate(String.valueOf(value));
        this.rule = rule;
    }

    public String option() {
        return option;
    }

    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }

    private static String truncate(String v) {
        return v.length() <= MAX_VALUE_CHARS ? v : v.substring(0, MAX_VALUE_CHARS) + "…";
    }
}
