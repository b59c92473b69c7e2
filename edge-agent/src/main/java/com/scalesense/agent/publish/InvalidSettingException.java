package com.scalesense.agent.publish;

import com.scalesense.agent.AgentException;

/** A publishing or uplink setting broke its rule; nothing was started. */
public final class InvalidSettingException extends AgentException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String value;
    private final String rule;

    public InvalidSettingException(String field, String value, String rule) {
        super(field + " " + rule + ", was '" + value + "'.");
        this.field = field;
        this.value = value;
        this.rule = rule;
    }

    /** The config key, e.g. {@code mqtt.broker_uri}. */
    public String field() {
        return field;
    }

    /** The offending value, truncated. */
    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }
}
