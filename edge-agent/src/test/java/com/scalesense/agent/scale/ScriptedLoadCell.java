package com.scalesense.agent.scale;

import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import java.time.Duration;
import java.util.Random;

/**
 * A load cell whose load the test sets, like a technician putting weights on the platform:
 * counts = zero + countsPerKg × kg + seeded Gaussian noise, on simulated time (one period per
 * read, never waiting; pace it with {@link PacedLoadCell}). Can be told to saturate.
 */
public final class ScriptedLoadCell implements LoadCell {

    /** A typical 2 mV/V, 200 kg cell at 4.3 V excitation: about 18 040 counts per kg (LoadCellSpec.typical). */
    public static final double COUNTS_PER_KG = 18_040;
    public static final double ZERO_COUNTS = 150_000;
    /** rms noise, counts: the HX711's 50 nV at 10 SPS is about 21 counts (datasheet p.2). */
    public static final double NOISE_COUNTS = 20;

    private final SampleRate rate = SampleRate.SPS_10;
    private final Random random = new Random(42);
    private final long originWallMs;
    private long nanos;
    private volatile double kg;
    private volatile double drift;
    private volatile boolean saturated;

    public ScriptedLoadCell(long originWallMs) {
        this.originWallMs = originWallMs;
    }

    public void load(double kilograms) {
        kg = kilograms;
    }

    /** A zero drift of the bridge, counts (as temperature would cause). */
    public void drift(double counts) {
        drift = counts;
    }

    public void saturate(boolean on) {
        saturated = on;
    }

    @Override
    public synchronized RawSample read(Duration timeout) {
        nanos += rate.periodNanos();
        long wall = originWallMs + nanos / 1_000_000;
        if (saturated) {
            return new RawSample(RawSample.MAX_COUNT, nanos, wall, SampleStatus.SATURATED);
        }
        int counts = (int) Math.round(ZERO_COUNTS + drift + COUNTS_PER_KG * kg + NOISE_COUNTS * random.nextGaussian());
        return new RawSample(counts, nanos, wall, SampleStatus.OK);
    }

    @Override
    public SampleRate rate() {
        return rate;
    }

    @Override
    public void close() {
        // nothing to release
    }
}
