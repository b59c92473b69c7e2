package com.scalesense.hal.thermal;

import com.scalesense.hal.HalException;

import java.nio.file.Path;
import java.util.List;

/** Discovery found no DS18B20 folder, or more than one, under the 1-Wire devices directory. */
public final class ThermalProbeNotFoundException extends HalException {

    private static final long serialVersionUID = 1L;

    private final transient Path devicesRoot;
    private final List<String> found;

    public ThermalProbeNotFoundException(Path devicesRoot, List<String> found) {
        super("expected exactly one DS18B20 folder 28-* in " + devicesRoot + ", found " + found.size() + " "
                + found + (found.isEmpty()
                ? ": is the 1-Wire overlay enabled (dtoverlay=w1-gpio) and the probe wired with its 4.7 kOhm pull-up?"
                : ": configure which one to use"));
        this.devicesRoot = devicesRoot;
        this.found = List.copyOf(found);
    }

    public Path devicesRoot() {
        return devicesRoot;
    }

    /** Names of the 28-* folders found, sorted. */
    public List<String> found() {
        return found;
    }
}
