package com.scalesense.hal.thermal;

import com.scalesense.hal.HalException;

import java.nio.file.Path;

/** Every read of a DS18B20 within one {@code readCelsius()} hit a transient fault; the subclass says which. */
public abstract class ThermalAttemptsExhaustedException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int attempts;

    ThermalAttemptsExhaustedException(Path file, int attempts, String message) {
        super(message);
        this.file = file;
        this.attempts = attempts;
    }

    /** The w1_slave file read. */
    public Path file() {
        return file;
    }

    /** How many reads were made. */
    public int attempts() {
        return attempts;
    }
}
