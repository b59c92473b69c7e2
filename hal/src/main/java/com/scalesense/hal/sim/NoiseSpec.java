package com.scalesense.hal.sim;

import com.scalesense.hal.SampleRate;

import static com.scalesense.hal.sim.SimulationConfigException.requireNonNegative;
import static com.scalesense.hal.sim.SimulationConfigException.requirePositive;

/**
 * Everything that disturbs the signal besides the true weight.
 *
 * @param noiseNvRms10      input-referred noise at 10 SPS, nV rms
 * @param noiseNvRms80      input-referred noise at 80 SPS, nV rms
 * @param spikesPerHour     isolated spike samples per hour (HX711 read glitches of 2^n−1 and bumps)
 * @param pourVibrationKg   rms vibration on the platform while a tap is open, kg
 * @param tapRingKg         amplitude of the ringing when a tap shuts or a keg is set down, kg
 * @param tapRingTauS       decay time constant of that ringing, seconds
 * @param tapRingHz         frequency of that ringing, Hz
 */
public record NoiseSpec(double noiseNvRms10, double noiseNvRms80, double spikesPerHour,
                        double pourVibrationKg, double tapRingKg, double tapRingTauS, double tapRingHz) {

    public NoiseSpec {
        requireNonNegative(noiseNvRms10, "noiseNvRms10");
        requireNonNegative(noiseNvRms80, "noiseNvRms80");
        requireNonNegative(spikesPerHour, "spikesPerHour");
        requireNonNegative(pourVibrationKg, "pourVibrationKg");
        requireNonNegative(tapRingKg, "tapRingKg");
        requirePositive(tapRingTauS, "tapRingTauS");
        requirePositive(tapRingHz, "tapRingHz");
    }

    /**
     * Noise of the HX711 datasheet (p.2, "Input noise, gain 128": 50 nV rms at 10 SPS, 90 nV rms at
     * 80 SPS), 6 spikes an hour, 20 g rms vibration while pouring and a 50 g, 3 Hz ring decaying in
     * 0.4 s when a tap shuts. Spike rate and mechanical figures are assumptions, not measurements.
     */
    public static NoiseSpec datasheet() {
        return new NoiseSpec(50, 90, 6, 0.02, 0.05, 0.4, 3.0);
    }

    /** No noise at all: for tests of exact arithmetic. */
    public static NoiseSpec quiet() {
        return new NoiseSpec(0, 0, 0, 0, 0, 1, 1);
    }

    /** Input noise at {@code rate}, nV rms. */
    public double noiseNvRms(SampleRate rate) {
        return rate == SampleRate.SPS_80 ? noiseNvRms80 : noiseNvRms10;
    }

    /** Same disturbances with {@code perHour} isolated spikes an hour. */
    public NoiseSpec withSpikesPerHour(double perHour) {
        return new NoiseSpec(noiseNvRms10, noiseNvRms80, perHour, pourVibrationKg, tapRingKg, tapRingTauS, tapRingHz);
    }

    /** Same noise scaled by {@code factor} (to model boards noisier than the datasheet). */
    public NoiseSpec scaled(double factor) {
        return new NoiseSpec(noiseNvRms10 * factor, noiseNvRms80 * factor, spikesPerHour,
                pourVibrationKg, tapRingKg, tapRingTauS, tapRingHz);
    }
}
