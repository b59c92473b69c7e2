package com.scalesense.cal;

import com.scalesense.hal.sim.AdcSignal;
import java.util.Random;

/**
 * The analog side of the test scale: what the technician puts on the platform, as the HX711's
 * input in counts (channel A, gain 128). counts = zero + countsPerKg × kg + seeded Gaussian noise.
 */
final class Platform implements AdcSignal {

    /** A typical 2 mV/V, 200 kg cell at 4.3 V excitation: about 18 040 counts per kg (LoadCellSpec.typical). */
    static final double COUNTS_PER_KG = 18_040;
    /** The bare platform's counts: plate and bridge imbalance. */
    static final double ZERO_COUNTS = 150_000;
    /** rms noise, counts: the HX711's 50 nV at 10 SPS is about 21 counts (datasheet p.2). */
    static final double NOISE_COUNTS = 20;

    private final Random noise = new Random(42);
    private volatile double kg;

    /** Puts {@code kilograms} on the platform (0: empty). */
    void load(double kilograms) {
        kg = kilograms;
    }

    @Override
    public double countsAt(long nanos) {
        return ZERO_COUNTS + COUNTS_PER_KG * kg + NOISE_COUNTS * noise.nextGaussian();
    }
}
