package com.scalesense.hal.sim;

import static com.scalesense.hal.sim.SimulationConfigException.requireFinite;
import static com.scalesense.hal.sim.SimulationConfigException.requireNonNegative;
import static com.scalesense.hal.sim.SimulationConfigException.requirePositive;

/**
 * Temperature at the load cell: a walk-in cooler whose compressor cycles a few degrees, on top of
 * a slow daily swing (doors open at service). Two sines; an assumption, not a measurement.
 *
 * @param meanC            mean temperature, °C (also the temperature the scale was calibrated at)
 * @param cycleAmplitudeC  half peak-to-peak of the compressor cycle, °C
 * @param cyclePeriodS     compressor cycle period, seconds
 * @param dailyAmplitudeC  half peak-to-peak of the daily swing, °C
 * @param phase            phase of both sines, radians (lets lives differ)
 */
public record TemperatureProfile(double meanC, double cycleAmplitudeC, double cyclePeriodS,
                                 double dailyAmplitudeC, double phase) {

    private static final double DAY_S = 86_400;

    public TemperatureProfile {
        requireFinite(meanC, "meanC");
        requireNonNegative(cycleAmplitudeC, "cycleAmplitudeC");
        requirePositive(cyclePeriodS, "cyclePeriodS");
        requireNonNegative(dailyAmplitudeC, "dailyAmplitudeC");
        requireFinite(phase, "phase");
    }

    /** A constant temperature (for tests that want no drift). */
    public static TemperatureProfile constant(double celsius) {
        return new TemperatureProfile(celsius, 0, 1, 0, 0);
    }

    /** Temperature at {@code nanos} since the scenario began, °C. */
    public double celsiusAt(long nanos) {
        double s = nanos / 1e9;
        return meanC
                + cycleAmplitudeC * Math.sin(2 * Math.PI * s / cyclePeriodS + phase)
                + dailyAmplitudeC * Math.sin(2 * Math.PI * s / DAY_S + phase);
    }
}
