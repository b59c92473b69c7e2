package com.scalesense.hal.thermal;

import com.scalesense.hal.HalException;

import java.nio.file.Path;

/** The DS18B20 reported a temperature outside its measuring range of −55..+125 °C (datasheet p.1). */
public final class ThermalOutOfRangeException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final double celsius;

    public ThermalOutOfRangeException(Path file, double celsius) {
        super("DS18B20 " + file + " reported " + celsius + " °C, outside its range -55..+125 °C: not a reading");
        this.file = file;
        this.celsius = celsius;
    }

    public Path file() {
        return file;
    }

    /** The value reported, °C. */
    public double celsius() {
        return celsius;
    }
}
