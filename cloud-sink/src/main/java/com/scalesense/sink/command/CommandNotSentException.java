package com.scalesense.sink.command;

import com.scalesense.sink.SinkException;

/** The broker did not take a command (unreachable, refused, throttled); it may be sent again. */
public class CommandNotSentException extends SinkException {

    private static final long serialVersionUID = 1L;

    public CommandNotSentException(String message, Throwable cause) {
        super(message, cause);
    }
}
