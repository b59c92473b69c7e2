package com.scalesense.hal.thermal;

import com.scalesense.hal.TemperatureSensor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A DS18B20 probe read through the Linux 1-Wire sysfs ({@code w1-gpio} overlay and the
 * {@code w1_therm} driver): {@code <devices>/28-<serial>/w1_slave}.
 *
 * <p>Retry policy: a failed CRC ({@code NO}) and the power-on reset value 85.000 °C are transient
 * (a noisy bus, a probe that browned out); each read of w1_slave makes the driver start a new
 * conversion (up to 750 ms at 12 bits, datasheet p.1), so the sensor simply reads again, up to
 * {@code attempts} reads in all, with no extra wait. If every attempt fails, the last outcome is
 * thrown ({@link ThermalCrcException} or {@link ThermalPowerOnResetException}). A missing file,
 * garbage, or a value outside −55..+125 °C is not retried.
 *
 * <p>Constructing does no I/O; each {@link #readCelsius()} reads the file.
 */
public final class Ds18b20Sensor implements TemperatureSensor {

    /** Reads a small text file; the seam for bus faults a fixture file cannot produce. */
    @FunctionalInterface
    interface LineSource {
        List<String> read(Path file) throws IOException;
    }

    /** Folder prefix: 0x28 is the DS18B20's 1-Wire family code (datasheet, 64-bit lasered ROM code). */
    static final String FAMILY_PREFIX = "28-";
    /** Reads per {@link #readCelsius()} before a transient fault is reported. */
    public static final int DEFAULT_ATTEMPTS = 3;

    private final Path file;
    private final int attempts;
    private final LineSource source;

    Ds18b20Sensor(Path deviceDir, int attempts, LineSource source) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts '" + attempts + "' breaks rule: at least 1");
        }
        this.file = deviceDir.resolve("w1_slave");
        this.attempts = attempts;
        this.source = source;
    }

    /** The probe in {@code deviceDir}, e.g. {@code /sys/bus/w1/devices/28-0316a2794aff}. */
    public static Ds18b20Sensor at(Path deviceDir, int attempts) {
        return new Ds18b20Sensor(deviceDir, attempts, f -> Files.readAllLines(f, StandardCharsets.US_ASCII));
    }

    /**
     * The one probe under {@code devicesRoot} (normally {@code /sys/bus/w1/devices}).
     *
     * @throws ThermalProbeNotFoundException if there is no 28-* folder or more than one
     */
    public static Ds18b20Sensor discover(Path devicesRoot, int attempts) {
        List<String> found = new ArrayList<>();
        if (Files.isDirectory(devicesRoot)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(devicesRoot, FAMILY_PREFIX + "*")) {
                entries.forEach(entry -> found.add(entry.getFileName().toString()));
            } catch (IOException e) {
                throw new ThermalReadException(devicesRoot, "cannot list the 1-Wire devices: " + e.getMessage(), e);
            }
        }
        found.sort(null);
        if (found.size() != 1) {
            throw new ThermalProbeNotFoundException(devicesRoot, found);
        }
        return at(devicesRoot.resolve(found.get(0)), attempts);
    }

    /** The w1_slave file this sensor reads. */
    public Path file() {
        return file;
    }

    @Override
    public double readCelsius() {
        Ds18b20Parser.Outcome last = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            last = Ds18b20Parser.parse(file, readLines());
            if (last instanceof Ds18b20Parser.Reading reading) {
                return reading.milliCelsius() / 1000.0;
            }
        }
        if (last instanceof Ds18b20Parser.CrcFailed crc) {
            throw new ThermalCrcException(file, attempts, crc.crcLine());
        }
        throw new ThermalPowerOnResetException(file, attempts);
    }

    private List<String> readLines() {
        try {
            return source.read(file);
        } catch (IOException e) {
            throw new ThermalReadException(file, e.getClass().getSimpleName() + " " + e.getMessage()
                    + " (probe unplugged, or the w1_therm driver not loaded?)", e);
        }
    }
}
