package com.scalesense.cal;

/**
 * Whoever read our standard output went away ({@code scale-cal read | head -3}): the JVM ignores
 * SIGPIPE, so the only sign is the write error {@link java.io.PrintWriter#checkError()} reports.
 * The command stops at once and exits {@link ExitCodes#STDOUT_CLOSED} without a message, as a
 * Unix tool killed by SIGPIPE would.
 */
public final class StdoutClosedException extends CalException {

    private static final long serialVersionUID = 1L;

    public StdoutClosedException() {
        super("standard output was closed by its reader", null);
    }

    /** @throws StdoutClosedException if writing to {@code out} has failed */
    public static void check(java.io.PrintWriter out) {
        if (out.checkError()) {
            throw new StdoutClosedException();
        }
    }

    @Override
    public int exitCode() {
        return ExitCodes.STDOUT_CLOSED;
    }

    @Override
    public String code() {
        return "stdout_closed";
    }
}
