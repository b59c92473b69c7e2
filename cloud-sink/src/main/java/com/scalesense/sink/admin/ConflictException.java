package com.scalesense.sink.admin;

import com.scalesense.sink.SinkException;

/**
 * The operation would overwrite something it must not (an existing beer, a tap held by another
 * device) or lost a race with a concurrent change; nothing was written and a retry may succeed.
 */
public class ConflictException extends SinkException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String id;

    public ConflictException(String entity, String id, String reason) {
        super(entity + " '" + id + "': " + reason);
        this.entity = entity;
        this.id = id;
    }

    public String entity() {
        return entity;
    }

    public String id() {
        return id;
    }
}
