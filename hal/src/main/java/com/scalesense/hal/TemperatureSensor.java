package com.scalesense.hal;

/** A temperature probe near the load cell. Implementations: DS18B20 over 1-Wire sysfs, simulated. */
public interface TemperatureSensor {

    /**
     * Reads the temperature now, in degrees Celsius.
     *
     * @throws HalException if the sensor cannot be read or its CRC fails
     */
    double readCelsius();
}
