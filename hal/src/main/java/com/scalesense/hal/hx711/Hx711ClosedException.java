package com.scalesense.hal.hx711;

import com.scalesense.hal.HalException;

/** A read was asked of a driver that was closed (or never started); carries the pins. */
public final class Hx711ClosedException extends HalException {

    private static final long serialVersionUID = 1L;

    private final int doutPin;
    private final int sckPin;

    public Hx711ClosedException(int doutPin, int sckPin) {
        super("HX711 on DOUT=BCM" + doutPin + ", PD_SCK=BCM" + sckPin + " is not sampling (closed or not started)");
        this.doutPin = doutPin;
        this.sckPin = sckPin;
    }

    public int doutPin() {
        return doutPin;
    }

    public int sckPin() {
        return sckPin;
    }
}
