package com.scalesense.agent.publish.internal;

import com.scalesense.agent.AgentException;
import java.nio.file.Path;

/** A TLS file could not be read or parsed; the connection attempt fails and is retried later. */
public final class TlsSetupException extends AgentException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;

    TlsSetupException(Path file, String problem) {
        super("TLS file " + file + " " + problem + ".");
        this.file = file;
    }

    TlsSetupException(Path file, Throwable cause) {
        super("TLS file " + file + " could not be used: " + cause.getMessage(), cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }
}
