package com.scalesense.hal.power;

import com.scalesense.hal.HalException;

import java.nio.file.Path;

/** The power supply reports {@code present} = 0: no battery in the holder, so no reading. */
public final class BatteryNotPresentException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path directory;

    public BatteryNotPresentException(Path directory) {
        super("battery not present: " + directory.resolve("present") + " reads 0");
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }
}
