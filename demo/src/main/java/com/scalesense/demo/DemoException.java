package com.scalesense.demo;

/** Root of the demo's own failures; each outcome is a subclass carrying its data. */
public class DemoException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DemoException(String message) {
        super(message);
    }

    public DemoException(String message, Throwable cause) {
        super(message, cause);
    }
}
