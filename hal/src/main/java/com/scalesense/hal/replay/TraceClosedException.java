package com.scalesense.hal.replay;

import com.scalesense.hal.HalException;

/** A replay was read, or a recorder written to, after it was closed. */
public final class TraceClosedException extends HalException {

    private static final long serialVersionUID = 1L;

    public TraceClosedException(String what) {
        super(what + " is closed");
    }
}
