package com.scalesense.hal.hx711;

import com.scalesense.hal.HalException;

/**
 * A GPIO operation on the HX711's pins failed and sampling stopped; the cause is Pi4J's
 * exception. Samples taken before the failure were still handed out.
 */
public final class Hx711GpioException extends HalException {

    private static final long serialVersionUID = 1L;

    private final int doutPin;
    private final int sckPin;

    public Hx711GpioException(int doutPin, int sckPin, Throwable cause) {
        super("HX711 on DOUT=BCM" + doutPin + ", PD_SCK=BCM" + sckPin + " stopped sampling: GPIO failed: "
                + cause.getMessage(), cause);
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
