package com.scalesense.cal;

/**
 * The exit statuses of {@code scale-cal}, for scripts. Stable: a script may branch on them.
 * 2 is picocli's own status for a command line it cannot parse, kept for our checks too; the
 * same list is in {@link ScaleCal}'s help.
 */
public final class ExitCodes {

    /** The command did what was asked. */
    public static final int OK = 0;
    /** A check failed or the agent refused (bad fit, platform not steady, not calibrated); nothing changed. */
    public static final int REFUSED = 1;
    /** The command line broke a rule (unknown option, bad keg type, value out of range). */
    public static final int USAGE = 2;
    /** The agent does not answer on its control socket, and the command needs it. */
    public static final int AGENT_UNREACHABLE = 3;
    /** Busy: the stores are locked by another process (the agent), or the agent serves its maximum of connections. */
    public static final int STORES_BUSY = 4;
    /** Anything else: a bug or an I/O failure; the message says what. */
    public static final int INTERNAL = 5;
    /** The agent's config file cannot be read (EX_CONFIG of sysexits.h, as the agent's own config errors). */
    public static final int CONFIG = 78;
    /**
     * The reader of stdout went away ({@code scale-cal read | head -3}): the status a shell shows
     * for a tool killed by SIGPIPE (128 + 13), so {@code set -o pipefail} scripts see what they see
     * for {@code yes | head}. Nothing is printed.
     */
    public static final int STDOUT_CLOSED = 141;

    private ExitCodes() {
    }
}
