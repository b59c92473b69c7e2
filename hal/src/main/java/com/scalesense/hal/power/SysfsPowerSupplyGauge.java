package com.scalesense.hal.power;

import com.scalesense.hal.BatteryGauge;
import com.scalesense.hal.BatteryState;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A battery the Linux kernel already gauges, read from the power_supply class:
 * {@code <root>/<name>/voltage_now} (microvolts, include/linux/power_supply.h), {@code capacity}
 * (0..100 %, Documentation/ABI/testing/sysfs-class-power), {@code present} (0 or 1) and
 * {@code status}. The root is normally {@code /sys/class/power_supply}; tests pass a fixture tree.
 *
 * <p>Guarantee: each {@link #read()} reads the files afresh and either returns both values or
 * throws; a missing {@code present} file means the driver does not report presence, so the
 * battery is taken as present. Constructing does no I/O.
 */
public final class SysfsPowerSupplyGauge implements BatteryGauge {

    /** Where the kernel exposes power supplies. */
    public static final Path DEFAULT_ROOT = Path.of("/sys/class/power_supply");
    private static final double MICROVOLTS_PER_VOLT = 1_000_000.0;

    private final Path root;
    private final Path directory;

    private SysfsPowerSupplyGauge(Path root, String name) {
        this.root = root;
        this.directory = root.resolve(name);
    }

    /**
     * @param name the supply's directory name, e.g. {@code battery} or {@code BAT0}
     * @throws IllegalArgumentException if the name is not a single directory name
     */
    public static SysfsPowerSupplyGauge of(Path root, String name) {
        if (name == null || name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("power supply name '" + name
                    + "' breaks rule: one directory name under " + root);
        }
        return new SysfsPowerSupplyGauge(root, name);
    }

    /**
     * @throws PowerSupplyNotFoundException if the supply's directory does not exist
     * @throws BatteryNotPresentException   if {@code present} reads 0
     * @throws PowerSupplyReadException     if a file is missing or holds garbage
     */
    @Override
    public BatteryState read() {
        checkPresent();
        long microvolts = integer("voltage_now", 0, Long.MAX_VALUE, "a non-negative integer of microvolts");
        long percent = integer("capacity", 0, 100, "an integer percentage 0..100");
        return new BatteryState(microvolts / MICROVOLTS_PER_VOLT, percent);
    }

    /**
     * @return whether the battery is charging; {@link ChargeStatus#UNKNOWN} if the driver has no status file
     * @throws PowerSupplyReadException if the status names no known state
     */
    public ChargeStatus chargeStatus() {
        String text = optionalText("status");
        if (text == null) {
            return ChargeStatus.UNKNOWN;
        }
        ChargeStatus status = ChargeStatus.fromSysfs(text);
        if (status == null) {
            throw new PowerSupplyReadException(directory.resolve("status"), text,
                    "one of Unknown, Charging, Discharging, Not charging, Full", null);
        }
        return status;
    }

    private void checkPresent() {
        String present = optionalText("present");
        if ("0".equals(present)) {
            throw new BatteryNotPresentException(directory);
        }
        if (present != null && !"1".equals(present)) {
            throw new PowerSupplyReadException(directory.resolve("present"), present, "0 or 1", null);
        }
    }

    private long integer(String attribute, long min, long max, String rule) {
        Path file = directory.resolve(attribute);
        String text = optionalText(attribute);
        if (text == null) {
            throw new PowerSupplyReadException(file, "", "the file exists (" + rule + ")", null);
        }
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            throw new PowerSupplyReadException(file, text, rule, e);
        }
        throw new PowerSupplyReadException(file, text, rule, null);
    }

    /** @return the file's content without surrounding whitespace, or null if the file does not exist */
    private String optionalText(String attribute) {
        if (!Files.isDirectory(directory)) {
            throw new PowerSupplyNotFoundException(directory, available());
        }
        Path file = directory.resolve(attribute);
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1).strip();
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new PowerSupplyReadException(file, "", "readable (" + e.getMessage() + ")", e);
        }
    }

    private List<String> available() {
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(root)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(root)) {
                entries.forEach(entry -> names.add(entry.getFileName().toString()));
            } catch (IOException e) {
                names.add("(cannot list " + root + ": " + e.getMessage() + ")");
            }
        }
        names.sort(null);
        return names;
    }
}
