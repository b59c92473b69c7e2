package com.scalesense.agent.outbox;

/** The store file could not be read or written; the operation was rolled back. */
public final class OutboxStorageException extends OutboxException {

    private static final long serialVersionUID = 1L;
    private final String operation;

    public OutboxStorageException(String operation, Throwable cause) {
        super("outbox " + operation + " failed: " + cause.getMessage(), cause);
        this.operation = operation;
    }

    public String operation() {
        return operation;
    }
}
