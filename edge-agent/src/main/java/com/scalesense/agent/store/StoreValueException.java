package com.scalesense.agent.store;

/** A stored value that no longer reads as its key's type (e.g. a field changed type). */
public final class StoreValueException extends StoreException {

    private static final long serialVersionUID = 1L;

    public StoreValueException(String key, Class<?> type, Throwable cause) {
        super(key, "NVS value '" + key + "' must read as " + type.getSimpleName() + ": " + cause.getMessage(), cause);
    }
}
