package com.scalesense.cal;

/**
 * Root of every failure {@code scale-cal} reports; unchecked. Each subclass is one outcome and
 * carries its {@link ExitCodes exit status} and a machine-readable code for {@code --json}.
 */
public abstract class CalException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    protected CalException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The process exit status for this outcome. */
    public abstract int exitCode();

    /** Machine-readable reason, e.g. {@code agent_unreachable}, {@code fit_rejected}. */
    public abstract String code();
}
