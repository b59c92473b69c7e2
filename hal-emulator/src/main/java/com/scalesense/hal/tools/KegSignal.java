package com.scalesense.hal.tools;

import com.scalesense.hal.sim.AdcSignal;

import java.util.Random;

/**
 * A plausible load-cell input for the demo: a full half-barrel on a four-cell platform, in counts
 * as channel A at gain 128 converts it.
 *
 * <p>Numbers: 2 mV/V cells rated 200 kg together, excited at 5 V, give 10 mV at 200 kg, so 50 µV
 * per kg; at gain 128 one count is 20 mV / 2^23 = 2.384 nV (datasheet p.3: ±20 mV full scale).
 * A full half barrel weighs 161.5 lb = 73.3 kg (DESIGN.md keg table), the platform 8 kg. Noise is
 * Gaussian with 90 nV rms, the datasheet's input noise at 80 SPS (p.3), about 38 counts.
 */
final class KegSignal implements AdcSignal {

    private static final double VOLTS_PER_COUNT = 0.020 / (1 << 23);
    private static final double VOLTS_PER_KG = 0.002 * 5.0 / 200.0;
    private static final double NOISE_VOLTS_RMS = 90e-9;

    private final double counts;
    private final Random noise;

    KegSignal(double kilograms, long seed) {
        this.counts = kilograms * VOLTS_PER_KG / VOLTS_PER_COUNT;
        this.noise = new Random(seed);
    }

    @Override
    public double countsAt(long nanos) {
        return counts + noise.nextGaussian() * NOISE_VOLTS_RMS / VOLTS_PER_COUNT;
    }
}
