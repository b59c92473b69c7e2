package com.scalesense.hal.hx711;

/** A read was asked of a driver that was closed (or never started). */
public final class Hx711ClosedException extends Hx711Exception {

    private static final long serialVersionUID = 1L;

    public Hx711ClosedException(int doutPin, int sckPin) {
        super(doutPin, sckPin, "is not sampling (closed or not started)", null);
    }
}
