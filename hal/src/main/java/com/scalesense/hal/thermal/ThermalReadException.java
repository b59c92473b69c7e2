package com.scalesense.hal.thermal;

import com.scalesense.hal.HalException;

import java.nio.file.Path;

/** The DS18B20's w1_slave file is missing, unreadable, or not in the kernel's two-line format. */
public final class ThermalReadException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;

    public ThermalReadException(Path file, String problem) {
        super("cannot read DS18B20 " + file + ": " + problem);
        this.file = file;
    }

    public ThermalReadException(Path file, String problem, Throwable cause) {
        super("cannot read DS18B20 " + file + ": " + problem, cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }
}
