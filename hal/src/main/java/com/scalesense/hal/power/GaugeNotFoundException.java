package com.scalesense.hal.power;

import com.scalesense.hal.HalException;

/** No MAX17048 answered at its I2C address, or the chip there is not one (wrong VERSION). */
public final class GaugeNotFoundException extends HalException {

    private static final long serialVersionUID = 1L;

    private final int bus;
    private final int address;

    public GaugeNotFoundException(int bus, int address, String found, Throwable cause) {
        super(String.format("no MAX17048 on I2C bus %d at 0x%02X: %s (check wiring, i2cdetect -y %d,"
                + " and dtparam=i2c_arm=on)", bus, address, found, bus), cause);
        this.bus = bus;
        this.address = address;
    }

    public int bus() {
        return bus;
    }

    /** The 7-bit I2C address probed. */
    public int address() {
        return address;
    }
}
