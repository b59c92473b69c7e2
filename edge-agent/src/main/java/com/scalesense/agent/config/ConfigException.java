package com.scalesense.agent.config;

import com.scalesense.agent.AgentException;
import java.util.List;
import java.util.stream.Collectors;

/** The configuration is unusable; carries every broken rule at once, so one edit fixes them all. */
public final class ConfigException extends AgentException {

    private static final long serialVersionUID = 1L;
    private final transient List<ConfigError> errors;

    public ConfigException(List<ConfigError> errors) {
        super(errors.size() == 1 ? "invalid configuration: " + errors.get(0).describe()
                : "invalid configuration (" + errors.size() + " errors):\n  "
                + errors.stream().map(ConfigError::describe).collect(Collectors.joining("\n  ")));
        this.errors = List.copyOf(errors);
    }

    public List<ConfigError> errors() {
        return errors;
    }
}
