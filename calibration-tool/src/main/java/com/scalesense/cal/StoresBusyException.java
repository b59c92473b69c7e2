package com.scalesense.cal;

import java.nio.file.Path;

/** The state directory is locked by another process, so its stores were not opened. */
public final class StoresBusyException extends CalException {

    private static final long serialVersionUID = 1L;
    private final transient Path lockFile;
    private final String holder;

    public StoresBusyException(Path lockFile, String holder, String advice, Throwable cause) {
        super("the stores are in use: " + lockFile + " is held by " + holder + "; " + advice, cause);
        this.lockFile = lockFile;
        this.holder = holder;
    }

    public Path lockFile() {
        return lockFile;
    }

    /** The holder as its lock file names it, e.g. {@code scale-agent pid 812}. */
    public String holder() {
        return holder;
    }

    @Override
    public int exitCode() {
        return ExitCodes.STORES_BUSY;
    }

    @Override
    public String code() {
        return "stores_locked";
    }
}
