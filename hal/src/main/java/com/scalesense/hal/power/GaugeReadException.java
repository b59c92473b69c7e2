package com.scalesense.hal.power;

import com.scalesense.hal.HalException;

/** An I2C read of a fuel gauge register failed after the chip had been found. */
public final class GaugeReadException extends HalException {

    private static final long serialVersionUID = 1L;

    private final int register;

    public GaugeReadException(int register, Throwable cause) {
        super(String.format("cannot read MAX17048 register 0x%02X: %s", register, cause.getMessage()), cause);
        this.register = register;
    }

    /** The register address that failed. */
    public int register() {
        return register;
    }
}
