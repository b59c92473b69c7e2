package com.scalesense.hal;

/** A battery's state of charge. Implementations: MAX17048 over I2C, Linux power_supply sysfs, simulated. */
public interface BatteryGauge {

    /**
     * Reads the battery now.
     *
     * @throws HalException if the gauge cannot be read (the caller reports sensor_status error)
     */
    BatteryState read();
}
