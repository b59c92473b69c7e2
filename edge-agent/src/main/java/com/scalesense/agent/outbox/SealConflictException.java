package com.scalesense.agent.outbox;

/** The entries to seal changed (some were dropped) since the batcher read them; nothing was sealed. */
public final class SealConflictException extends OutboxException {

    private static final long serialVersionUID = 1L;
    private final long firstSeq;
    private final long lastSeq;
    private final int expected;
    private final int found;

    public SealConflictException(long firstSeq, long lastSeq, int expected, int found) {
        super("seal of pending entries " + firstSeq + ".." + lastSeq + " expected " + expected + " entries, found "
                + found + ": some were dropped meanwhile; read them again.");
        this.firstSeq = firstSeq;
        this.lastSeq = lastSeq;
        this.expected = expected;
        this.found = found;
    }

    public long firstSeq() {
        return firstSeq;
    }

    public long lastSeq() {
        return lastSeq;
    }

    public int expected() {
        return expected;
    }

    public int found() {
        return found;
    }
}
