package com.scalesense.demo;

/** {@link SignalStop} saw Ctrl-C or SIGTERM: the main thread leaves what it was doing, closes everything and ends. */
public final class StoppedException extends DemoException {

    private static final long serialVersionUID = 1L;

    public StoppedException() {
        super("stopped by a signal (Ctrl-C or SIGTERM)");
    }
}
