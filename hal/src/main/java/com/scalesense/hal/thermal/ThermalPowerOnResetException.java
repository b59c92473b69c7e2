package com.scalesense.hal.thermal;

import java.nio.file.Path;

/**
 * Every attempt read 85.000 °C, the DS18B20's power-on reset value of the temperature register
 * (DS18B20 datasheet p.6): the probe lost power or was read before a conversion, so this is not a
 * temperature.
 */
public final class ThermalPowerOnResetException extends ThermalAttemptsExhaustedException {

    private static final long serialVersionUID = 1L;

    public ThermalPowerOnResetException(Path file, int attempts) {
        super(file, attempts, "DS18B20 at " + file + " returned its power-on reset value 85.000 °C on all "
                + attempts + " reads: not a reading (check the probe's power supply)");
    }
}
