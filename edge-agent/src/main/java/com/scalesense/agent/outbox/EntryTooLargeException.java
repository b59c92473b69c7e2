package com.scalesense.agent.outbox;

/** An entry larger than the outbox may ever hold; it was not stored. */
public final class EntryTooLargeException extends OutboxException {

    private static final long serialVersionUID = 1L;
    private final long sizeBytes;
    private final long limitBytes;

    public EntryTooLargeException(long sizeBytes, long limitBytes) {
        super("outbox entry body must be at most " + limitBytes + " bytes, was " + sizeBytes + ".");
        this.sizeBytes = sizeBytes;
        this.limitBytes = limitBytes;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    public long limitBytes() {
        return limitBytes;
    }
}
