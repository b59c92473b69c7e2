package com.scalesense.hal.sim;

import com.scalesense.hal.TemperatureSensor;

import java.util.function.LongSupplier;

/**
 * A temperature probe beside the simulated load cell: reads the scenario's temperature at the
 * simulated time given by {@code clockNanos} (usually {@link SimulatedLoadCell#nowNanos}).
 */
public final class SimulatedThermometer implements TemperatureSensor {

    private final TemperatureProfile profile;
    private final LongSupplier clockNanos;

    public SimulatedThermometer(TemperatureProfile profile, LongSupplier clockNanos) {
        this.profile = profile;
        this.clockNanos = clockNanos;
    }

    @Override
    public double readCelsius() {
        return profile.celsiusAt(clockNanos.getAsLong());
    }
}
