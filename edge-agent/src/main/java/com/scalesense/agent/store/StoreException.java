package com.scalesense.agent.store;

import com.scalesense.agent.AgentException;

/** Root of the NVS store's failures; no stored value changed when one is thrown. */
public class StoreException extends AgentException {

    private static final long serialVersionUID = 1L;
    private final String key;

    public StoreException(String key, String message, Throwable cause) {
        super(message, cause);
        this.key = key;
    }

    /** The store key concerned, or the file name for whole-store failures. */
    public String key() {
        return key;
    }
}
