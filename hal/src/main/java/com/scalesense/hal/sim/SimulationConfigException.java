package com.scalesense.hal.sim;

import com.scalesense.hal.HalException;

/** A simulator setting broke its rule; carries the field, the offending value and the rule. */
public final class SimulationConfigException extends HalException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String value;
    private final String rule;

    public SimulationConfigException(String field, Object value, String rule) {
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

    static void require(boolean ok, String field, Object value, String rule) {
        if (!ok) {
            throw new SimulationConfigException(field, value, rule);
        }
    }

    static void requireFinite(double v, String field) {
        require(Double.isFinite(v), field, v, "must be a finite number");
    }

    static void requirePositive(double v, String field) {
        require(Double.isFinite(v) && v > 0, field, v, "must be > 0");
    }

    static void requireNonNegative(double v, String field) {
        require(Double.isFinite(v) && v >= 0, field, v, "must be >= 0");
    }

    private static String cut(Object value) {
        String s = String.valueOf(value);
        return s.length() <= 64 ? s : s.substring(0, 64) + "…";
    }
}
