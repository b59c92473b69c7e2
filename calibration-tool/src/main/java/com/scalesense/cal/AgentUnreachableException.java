package com.scalesense.cal;

import java.nio.file.Path;

/**
 * The agent does not answer on its control socket (stopped, starting, or another socket path).
 * For a command that measures this is final: only the agent reads the load cell, so nothing was done.
 */
public final class AgentUnreachableException extends CalException {

    private static final long serialVersionUID = 1L;
    private final transient Path socket;

    public AgentUnreachableException(Path socket, String reason, Throwable cause) {
        this("the agent does not answer on " + socket + " (" + reason + "): is scale-agent running? "
                + "(systemctl status scale-agent)", socket, cause);
    }

    private AgentUnreachableException(String message, Path socket, Throwable cause) {
        super(message, cause);
        this.socket = socket;
    }

    /** The same failure, told as why {@code command} could not run. */
    public AgentUnreachableException neededBy(String command) {
        return new AgentUnreachableException(command + " needs the running agent, which reads the load cell; "
                + getMessage() + ". Start it with: sudo systemctl start scale-agent", socket, this);
    }

    /** The control socket that was tried. */
    public Path socket() {
        return socket;
    }

    @Override
    public int exitCode() {
        return ExitCodes.AGENT_UNREACHABLE;
    }

    @Override
    public String code() {
        return "agent_unreachable";
    }
}
