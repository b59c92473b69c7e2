package com.scalesense.cal.setup;

import com.scalesense.cal.CalException;
import com.scalesense.cal.ExitCodes;

/** {@code scale-cal setup} refused: an answer broke a rule, or the broker test failed. agent.conf is unchanged. */
public final class SetupException extends CalException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;
    private final String code;

    private SetupException(String message, Throwable cause, int exitCode, String code) {
        super(message, cause);
        this.exitCode = exitCode;
        this.code = code;
    }

    /** An answer (flag or prompt) broke a rule: the message names the field and the rule. Exit 2. */
    static SetupException invalid(String message) {
        return new SetupException(message + "; agent.conf not changed", null, ExitCodes.USAGE, "invalid_setup");
    }

    /** The broker did not accept a test connection with these settings. Exit 1. */
    static SetupException brokerRefused(String message, Throwable cause) {
        return new SetupException(message + "; agent.conf not changed (--no-connection-test skips this check)",
                cause, ExitCodes.REFUSED, "broker_test_failed");
    }

    /** agent.conf's directory is not writable (not root). Exit 78, as for an unreadable config. */
    static SetupException cannotWrite(String message) {
        return new SetupException(message, null, ExitCodes.CONFIG, "config_not_writable");
    }

    @Override
    public int exitCode() {
        return exitCode;
    }

    @Override
    public String code() {
        return code;
    }
}
