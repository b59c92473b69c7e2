package com.scalesense.hal.hx711;

import com.scalesense.hal.HalException;

/** An outcome of a running HX711 driver that stops reads; names the chip by its two pins. */
public abstract class Hx711Exception extends HalException {

    private static final long serialVersionUID = 1L;

    private final int doutPin;
    private final int sckPin;

    protected Hx711Exception(int doutPin, int sckPin, String problem, Throwable cause) {
        super("HX711 on DOUT=BCM" + doutPin + ", PD_SCK=BCM" + sckPin + " " + problem, cause);
        this.doutPin = doutPin;
        this.sckPin = sckPin;
    }

    /** BCM number of the DOUT pin. */
    public int doutPin() {
        return doutPin;
    }

    /** BCM number of the PD_SCK pin. */
    public int sckPin() {
        return sckPin;
    }
}
