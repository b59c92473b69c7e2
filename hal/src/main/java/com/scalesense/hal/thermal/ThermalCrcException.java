package com.scalesense.hal.thermal;

import java.nio.file.Path;

/** Every attempt to read the DS18B20 ended in a failed CRC ({@code NO} on the first line of w1_slave). */
public final class ThermalCrcException extends ThermalAttemptsExhaustedException {

    private static final long serialVersionUID = 1L;

    public ThermalCrcException(Path file, int attempts, String crcLine) {
        super(file, attempts, "DS18B20 CRC failed on all " + attempts + " reads of " + file + "; last: '"
                + Ds18b20Parser.cut(crcLine) + "' (check the cable length, the pull-up and parasite power)");
    }
}
