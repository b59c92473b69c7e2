package com.scalesense.agent.pipeline;

import com.scalesense.agent.AgentException;

/**
 * A value handed to the measurement pipeline broke a rule; carries the field, the value (cut to
 * 64 characters) and the rule. Nothing was changed when it is thrown.
 */
public class PipelineException extends AgentException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String value;
    private final String rule;

    public PipelineException(String field, Object value, String rule) {
        super(field + " = " + cut(value) + ": " + rule);
        this.field = field;
        this.value = cut(value);
        this.rule = rule;
    }

    public String field() {
        return field;
    }

    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }

    /** Throws a {@link PipelineException} unless {@code ok}. */
    public static void require(boolean ok, String field, Object value, String rule) {
        if (!ok) {
            throw new PipelineException(field, value, rule);
        }
    }

    /** Throws unless {@code v} is finite and strictly positive. */
    public static void requirePositive(double v, String field) {
        require(Double.isFinite(v) && v > 0, field, v, "must be a finite number > 0");
    }

    static String cut(Object value) {
        String s = String.valueOf(value);
        return s.length() <= 64 ? s : s.substring(0, 64) + "…(" + s.length() + " chars)";
    }
}
