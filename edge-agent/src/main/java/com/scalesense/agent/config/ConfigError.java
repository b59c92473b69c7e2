package com.scalesense.agent.config;

/**
 * One broken rule in the agent's configuration.
 *
 * @param key    the config key, e.g. {@code mqtt.broker_uri}
 * @param value  the offending value as given (cut to 64 characters), or {@code <unset>}
 * @param rule   what the value must be
 * @param origin where the value came from: the file and line, an environment variable, a flag
 */
public record ConfigError(String key, String value, String rule, String origin) {

    private static final int MAX_QUOTED = 64;

    public ConfigError {
        value = value == null ? "<unset>" : cut(value);
    }

    /** {@code key = 'value' (origin): rule}. */
    public String describe() {
        return key + " = '" + value + "' (" + origin + "): " + rule;
    }

    static String cut(String s) {
        return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "…(" + s.length() + " chars)";
    }
}
