package com.scalesense.sink.api;

import com.scalesense.sink.SinkException;

/** A valid API key asked for a location it is not scoped to (HTTP 403). */
public class ForbiddenException extends SinkException {

    private static final long serialVersionUID = 1L;

    private final String locId;

    public ForbiddenException(String locId) {
        super("this API key is not scoped to location " + locId);
        this.locId = locId;
    }

    public String locId() {
        return locId;
    }
}
