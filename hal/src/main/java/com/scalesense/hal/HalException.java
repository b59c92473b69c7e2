package com.scalesense.hal;

/** Root of every exception this module throws; unchecked. */
public class HalException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public HalException(String message) {
        super(message);
    }

    public HalException(String message, Throwable cause) {
        super(message, cause);
    }
}
