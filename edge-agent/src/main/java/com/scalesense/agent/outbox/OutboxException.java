package com.scalesense.agent.outbox;

import com.scalesense.agent.AgentException;

/** Root of the outbox's failures; nothing was changed when one is thrown. */
public class OutboxException extends AgentException {

    private static final long serialVersionUID = 1L;

    public OutboxException(String message) {
        super(message);
    }

    public OutboxException(String message, Throwable cause) {
        super(message, cause);
    }
}
