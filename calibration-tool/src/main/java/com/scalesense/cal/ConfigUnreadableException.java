package com.scalesense.cal;

import java.nio.file.Path;

/**
 * The agent's config file, which says where the socket and stores are, cannot be read (missing
 * when named by {@code --config}, or not readable by this user). Guessing defaults instead would
 * send the technician to the wrong state directory, so nothing is done; exit
 * {@link ExitCodes#CONFIG} as the agent's own config errors.
 */
public final class ConfigUnreadableException extends CalException {

    private static final long serialVersionUID = 1L;

    public ConfigUnreadableException(Path file, String cause) {
        super("config " + file + ": " + cause, null);
    }

    @Override
    public int exitCode() {
        return ExitCodes.CONFIG;
    }

    @Override
    public String code() {
        return "config_unreadable";
    }
}
