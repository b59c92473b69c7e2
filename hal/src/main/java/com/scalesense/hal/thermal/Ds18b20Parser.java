package com.scalesense.hal.thermal;

import java.nio.file.Path;
import java.util.List;

/**
 * Reads the two lines the Linux w1_therm driver writes to {@code w1_slave}, e.g.
 * <pre>
 * 72 01 4b 46 7f ff 0e 10 57 : crc=57 YES
 * 72 01 4b 46 7f ff 0e 10 57 t=23125
 * </pre>
 * The first line ends in YES when the scratchpad's CRC matched, NO when it did not; the second
 * ends in {@code t=} and the temperature in thousandths of a degree Celsius.
 */
final class Ds18b20Parser {

    /** Power-on reset value of the temperature register, +85 °C (DS18B20 datasheet p.6), in m°C. */
    static final int POWER_ON_RESET_MILLI_C = 85_000;
    /** Measuring range −55..+125 °C (DS18B20 datasheet p.1), in m°C. */
    static final int MIN_MILLI_C = -55_000;
    static final int MAX_MILLI_C = 125_000;
    private static final int MAX_SHOWN_CHARS = 60;

    /** What one read of w1_slave said. */
    sealed interface Outcome permits Reading, CrcFailed, PowerOnReset {
    }

    /** A valid temperature, thousandths of °C. */
    record Reading(int milliCelsius) implements Outcome {
    }

    record CrcFailed(String crcLine) implements Outcome {
    }

    record PowerOnReset() implements Outcome {
    }

    private Ds18b20Parser() {
    }

    /**
     * @throws ThermalReadException       if the lines are not in the driver's format
     * @throws ThermalOutOfRangeException if the temperature is outside −55..+125 °C
     */
    static Outcome parse(Path file, List<String> lines) {
        if (lines.size() < 2) {
            throw new ThermalReadException(file, "content '" + cut(String.join("\\n", lines))
                    + "' breaks rule: 2 lines, the CRC line then t=<millidegrees C> (got " + lines.size() + ")");
        }
        String crcLine = lines.get(0).strip();
        if (crcLine.endsWith("NO")) {
            return new CrcFailed(crcLine);
        }
        if (!crcLine.endsWith("YES")) {
            throw new ThermalReadException(file, "line 1 '" + cut(crcLine) + "' breaks rule: ends with YES or NO");
        }
        String valueLine = lines.get(1).strip();
        int at = valueLine.lastIndexOf("t=");
        int milli;
        try {
            if (at < 0) {
                throw new NumberFormatException("no t=");
            }
            milli = Integer.parseInt(valueLine.substring(at + 2));
        } catch (NumberFormatException e) {
            throw new ThermalReadException(file, "line 2 '" + cut(valueLine)
                    + "' breaks rule: ends with t=<integer millidegrees C>", e);
        }
        if (milli == POWER_ON_RESET_MILLI_C) {
            return new PowerOnReset();
        }
        if (milli < MIN_MILLI_C || milli > MAX_MILLI_C) {
            throw new ThermalOutOfRangeException(file, milli / 1000.0);
        }
        return new Reading(milli);
    }

    static String cut(String text) {
        return text.length() <= MAX_SHOWN_CHARS ? text : text.substring(0, MAX_SHOWN_CHARS) + "...";
    }
}
