package com.scalesense.agent;

/** Root of every exception the edge agent throws; unchecked. */
public class AgentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AgentException(String message) {
        super(message);
    }

    public AgentException(String message, Throwable cause) {
        super(message, cause);
    }
}
