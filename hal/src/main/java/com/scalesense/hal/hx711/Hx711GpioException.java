package com.scalesense.hal.hx711;

/**
 * A GPIO operation on the HX711's pins failed and sampling stopped; the cause is Pi4J's
 * exception. Samples taken before the failure were still handed out.
 */
public final class Hx711GpioException extends Hx711Exception {

    private static final long serialVersionUID = 1L;

    public Hx711GpioException(int doutPin, int sckPin, Throwable cause) {
        super(doutPin, sckPin, "stopped sampling: GPIO failed: " + cause.getMessage(), cause);
    }
}
