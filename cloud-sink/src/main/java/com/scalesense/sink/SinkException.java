package com.scalesense.sink;

/**
 * Root of every exception the cloud sink throws; unchecked. Each outcome a caller must tell
 * apart (a rejected batch, a reused batch_id, a transient store failure) has its own subclass
 * carrying the data needed to log or retry it.
 */
public class SinkException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SinkException(String message) {
        super(message);
    }

    public SinkException(String message, Throwable cause) {
        super(message, cause);
    }
}
