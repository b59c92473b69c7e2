package com.scalesense.hal.power;

import com.pi4j.context.Context;
import com.pi4j.exception.Pi4JException;
import com.pi4j.io.i2c.I2C;
import com.scalesense.hal.BatteryGauge;
import com.scalesense.hal.BatteryState;

/**
 * A MAX17048 ModelGauge fuel gauge for one Li-ion cell, over I2C through Pi4J.
 *
 * <p>Numbers from the MAX17048/MAX17049 datasheet (Maxim 19-6171), Table 2 "ModelGauge Register
 * Summary": registers are 16-bit, read as two bytes, most significant first; VCELL (0x02) is the
 * cell voltage at 78.125 µV per LSB; SOC (0x04) the state of charge at 1/256 % per LSB; VERSION
 * (0x08) reads 0x001x. The 7-bit slave address is fixed at 0x36 (0x6C write / 0x6D read).
 *
 * <p>Guarantee: {@link #attach} reads VERSION once and refuses a bus without a MAX17048; each
 * {@link #read()} reads VCELL and SOC and converts them, nothing cached. The MAX17049 (two cells)
 * is not supported: its VCELL means twice the voltage.
 */
public final class Max17048Gauge implements BatteryGauge, AutoCloseable {

    /** 7-bit I2C address (datasheet: slave address 0x6C/0x6D as 8-bit). */
    public static final int I2C_ADDRESS = 0x36;
    static final int REG_VCELL = 0x02;
    static final int REG_SOC = 0x04;
    static final int REG_VERSION = 0x08;
    /** VCELL LSB, microvolts (Table 2: 78.125 µV/cell); exact in binary, so word × LSB is exact. */
    static final double MICROVOLTS_PER_LSB = 78.125;
    /** SOC LSB, percent (Table 2: 1 %/256). */
    static final double PERCENT_PER_LSB = 1.0 / 256;
    /** VERSION reads 0x001x (Table 2): the upper 12 bits identify the chip, the low nibble is the revision. */
    private static final int VERSION_MASK = 0xFFF0;
    private static final int VERSION_FAMILY = 0x0010;

    private final I2C device;
    private final int version;
    private final Context owner;

    private Max17048Gauge(I2C device, int version, Context owner) {
        this.device = device;
        this.version = version;
        this.owner = owner;
    }

    /**
     * Opens the MAX17048 on an I2C bus of the Pi4J context (bus 1 on a Raspberry Pi's header).
     *
     * @throws GaugeNotFoundException if no MAX17048 answers
     */
    public static Max17048Gauge open(Context pi4j, int bus) {
        I2C device = pi4j.create(I2C.newConfigBuilder(pi4j).id("max17048-bus" + bus).name("MAX17048 fuel gauge")
                .bus(bus).device(I2C_ADDRESS));
        try {
            return new Max17048Gauge(device, checkVersion(device), pi4j);
        } catch (GaugeNotFoundException e) {
            pi4j.shutdown(device.id());
            throw e;
        }
    }

    /**
     * Uses an I2C device already opened at {@link #I2C_ADDRESS}; reads VERSION to check the chip.
     *
     * @throws GaugeNotFoundException if VERSION cannot be read or is not 0x001x
     */
    public static Max17048Gauge attach(I2C device) {
        return new Max17048Gauge(device, checkVersion(device), null);
    }

    private static int checkVersion(I2C device) {
        int version;
        try {
            version = device.readRegisterWord(REG_VERSION);
        } catch (Pi4JException e) {
            throw new GaugeNotFoundException(device.bus(), device.device(), "VERSION read failed: " + e.getMessage(), e);
        }
        if ((version & VERSION_MASK) != VERSION_FAMILY) {
            throw new GaugeNotFoundException(device.bus(), device.device(),
                    String.format("VERSION 0x%04X breaks rule: a MAX17048 reads 0x001x", version), null);
        }
        return version;
    }

    /** The chip's VERSION register as read at attach. */
    public int version() {
        return version;
    }

    /**
     * @return the cell voltage and state of charge; percent is clamped to 100 because the chip
     *         may report slightly above 100 % right after a charge
     * @throws GaugeReadException if a register read fails
     */
    @Override
    public BatteryState read() {
        double volts = word(REG_VCELL) * MICROVOLTS_PER_LSB / 1_000_000;
        double percent = Math.min(100.0, word(REG_SOC) * PERCENT_PER_LSB);
        return new BatteryState(volts, percent);
    }

    private int word(int register) {
        try {
            return device.readRegisterWord(register);
        } catch (Pi4JException e) {
            throw new GaugeReadException(register, e);
        }
    }

    /**
     * Releases the I2C device; idempotent. A gauge from {@link #open} also removes the device from
     * the Pi4J context, so the bus can be opened again; an attached device stays the caller's.
     */
    @Override
    public void close() {
        if (owner != null) {
            if (owner.registry().exists(device.id())) {
                owner.shutdown(device.id());
            }
        } else if (device.isOpen()) {
            device.close();
        }
    }
}
