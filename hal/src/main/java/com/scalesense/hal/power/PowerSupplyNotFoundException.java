package com.scalesense.hal.power;

import com.scalesense.hal.HalException;

import java.nio.file.Path;
import java.util.List;

/** The configured power_supply directory does not exist; the message lists the supplies that do. */
public final class PowerSupplyNotFoundException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path directory;
    private final List<String> available;

    public PowerSupplyNotFoundException(Path directory, List<String> available) {
        super("no power supply " + directory + "; available: " + available);
        this.directory = directory;
        this.available = List.copyOf(available);
    }

    public Path directory() {
        return directory;
    }

    /** Names found next to it, sorted. */
    public List<String> available() {
        return available;
    }
}
