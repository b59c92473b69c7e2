package com.scalesense.agent.store;

/** Not even a new, empty store could be created (disk full, read-only, permissions). */
public final class StoreOpenException extends StoreException {

    private static final long serialVersionUID = 1L;

    public StoreOpenException(String file, Throwable cause) {
        super(file, "NVS store " + file + " could not be opened or created: " + cause.getMessage(), cause);
    }
}
