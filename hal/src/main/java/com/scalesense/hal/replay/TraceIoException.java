package com.scalesense.hal.replay;

import com.scalesense.hal.HalException;

import java.io.IOException;
import java.nio.file.Path;

/** A trace file could not be opened, read, written or closed; the cause says why. */
public final class TraceIoException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path path;

    public TraceIoException(Path path, String action, IOException cause) {
        super("cannot " + action + " trace " + path + ": " + cause.getMessage(), cause);
        this.path = path;
    }

    public Path path() {
        return path;
    }
}
