package com.scalesense.sink.admin;

import com.scalesense.sink.SinkException;

/** The operation needs an item that does not exist; nothing was written. */
public class NotFoundException extends SinkException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String id;

    /** @param entity e.g. {@code beer}, {@code tap}; @param id what was looked for */
    public NotFoundException(String entity, String id) {
        super(entity + " '" + id + "' does not exist.");
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
