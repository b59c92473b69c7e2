package com.scalesense.agent.store;

/** Another process holds the state directory (see {@link StateDirLock}); nothing was opened. */
public final class StateDirLockedException extends StoreException {

    private static final long serialVersionUID = 1L;
    private final String holder;

    public StateDirLockedException(java.nio.file.Path lockFile, String holder) {
        super(lockFile.toString(), "state directory is in use: " + lockFile + " is locked by " + holder, null);
        this.holder = holder;
    }

    /** The holder as its lock file names it, e.g. {@code scale-agent pid 812}. */
    public String holder() {
        return holder;
    }
}
