package com.scalesense.cal;

import java.nio.file.Path;

/** A file of the state directory cannot be opened for a reason other than permissions (it names it). */
public final class StoresUnreadableException extends CalException {

    private static final long serialVersionUID = 1L;

    public StoresUnreadableException(Path path, String detail, Throwable cause) {
        super("cannot read " + path + ": " + detail, cause);
    }

    @Override
    public int exitCode() {
        return ExitCodes.INTERNAL;
    }

    @Override
    public String code() {
        return "unreadable";
    }
}
