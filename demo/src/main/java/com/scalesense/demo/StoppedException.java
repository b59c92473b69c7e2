package com.scalesense.demo;

/** The main thread was interrupted by {@link SignalStop} (Ctrl-C, SIGTERM): the demo closes and ends. */
public final class StoppedException extends DemoException {

    private static final long serialVersionUID = 1L;

    public StoppedException() {
        super("stopped by a signal (Ctrl-C or SIGTERM)");
    }
}
