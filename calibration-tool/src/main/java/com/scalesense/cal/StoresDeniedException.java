package com.scalesense.cal;

import java.nio.file.Path;

/**
 * The agent is not running and this user may not read its stores: not in the service group, or
 * added to it without logging in again (group membership is read at login). Nothing was opened.
 */
public final class StoresDeniedException extends CalException {

    private static final long serialVersionUID = 1L;

    public StoresDeniedException(Path path, String detail, Throwable cause) {
        super("permission denied on " + path + ": add yourself to group scale-sense and log in again"
                + " (sudo usermod -aG scale-sense $USER)" + (detail == null ? "" : "; " + detail), cause);
    }

    @Override
    public int exitCode() {
        return ExitCodes.AGENT_UNREACHABLE;
    }

    @Override
    public String code() {
        return "permission_denied";
    }
}
