package com.scalesense.agent.config;

/**
 * @param level      trace, debug, info, warn or error
 * @param timestamps prefix each line with a timestamp; off under systemd, where journald adds one
 */
public record LogConfig(String level, boolean timestamps) {
}
