package com.scalesense.agent.store;

/** A write that could not be committed; it was rolled back and the old values remain. */
public final class StoreWriteException extends StoreException {

    private static final long serialVersionUID = 1L;

    public StoreWriteException(String key, Throwable cause) {
        super(key, "NVS write of '" + key + "' failed and was rolled back: " + cause.getMessage(), cause);
    }
}
