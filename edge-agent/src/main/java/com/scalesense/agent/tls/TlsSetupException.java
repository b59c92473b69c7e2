package com.scalesense.agent.tls;

import com.scalesense.agent.AgentException;
import java.nio.file.Path;

/** A TLS file could not be read or parsed; the connection attempt fails and is retried later. */
public final class TlsSetupException extends AgentException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String problem;

    public TlsSetupException(Path file, String problem) {
        super("TLS file " + file + " " + problem + ".");
        this.file = file;
        this.problem = problem;
    }

    public TlsSetupException(Path file, Throwable cause) {
        super("TLS file " + file + " could not be used: " + cause.getMessage(), cause);
        this.file = file;
        this.problem = "could not be used: " + cause.getMessage();
    }

    /** What is wrong with the file, without its name, e.g. {@code holds no PEM block}. */
    public String problem() {
        return problem;
    }

    public Path file() {
        return file;
    }
}
