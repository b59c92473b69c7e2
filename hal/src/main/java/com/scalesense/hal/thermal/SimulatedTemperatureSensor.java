package com.scalesense.hal.thermal;

import com.scalesense.hal.TemperatureSensor;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;

/**
 * A probe in a keg cooler, for the simulator and the demo. The temperature follows the
 * compressor's cycle: with the compressor off it warms linearly from {@code lowCelsius} to
 * {@code highCelsius} over {@code warming}; then the compressor runs and cools it back linearly
 * over {@code cooling}. Gaussian noise is added and the result is rounded to 1/16 °C, the
 * DS18B20's 12-bit resolution (datasheet p.1: 0.0625 °C).
 *
 * <p>The cycle's phase is the clock's time since the epoch modulo the cycle length, so two
 * sensors on one clock agree and a replayed clock gives the same curve; the noise comes from the
 * injected {@link Random}.
 */
public final class SimulatedTemperatureSensor implements TemperatureSensor {

    /** DS18B20 12-bit resolution, °C per LSB (datasheet p.1). */
    static final double RESOLUTION_C = 0.0625;

    /**
     * @param lowCelsius        temperature when the compressor stops, °C
     * @param highCelsius       temperature when the compressor starts, °C
     * @param warming           compressor off, warming from low to high
     * @param cooling           compressor on, cooling from high to low
     * @param noiseSigmaCelsius standard deviation of the added noise, °C
     */
    public record CoolerProfile(double lowCelsius, double highCelsius, Duration warming, Duration cooling,
                                double noiseSigmaCelsius) {

        public CoolerProfile {
            Objects.requireNonNull(warming, "warming must not be null");
            Objects.requireNonNull(cooling, "cooling must not be null");
            if (!(lowCelsius < highCelsius)) {
                throw new IllegalArgumentException("lowCelsius '" + lowCelsius + "' breaks rule: below highCelsius "
                        + highCelsius);
            }
            if (warming.toMillis() <= 0 || cooling.toMillis() <= 0) {
                throw new IllegalArgumentException("warming '" + warming + "', cooling '" + cooling
                        + "' break rule: at least 1 ms each");
            }
            if (!(noiseSigmaCelsius >= 0)) {
                throw new IllegalArgumentException("noiseSigmaCelsius '" + noiseSigmaCelsius + "' breaks rule: >= 0");
            }
        }

        /**
         * A bar's walk-in or kegerator holding draught beer at 2–5 °C: about 14 min warming and
         * 6 min of compressor, a 20 min cycle; noise 0.05 °C, below the DS18B20's ±0.5 °C accuracy.
         */
        public static CoolerProfile kegCooler() {
            return new CoolerProfile(2.0, 5.0, Duration.ofMinutes(14), Duration.ofMinutes(6), 0.05);
        }

        long cycleMillis() {
            return warming.toMillis() + cooling.toMillis();
        }
    }

    private final CoolerProfile profile;
    private final Clock clock;
    private final Random random;

    public SimulatedTemperatureSensor(CoolerProfile profile, Clock clock, Random random) {
        this.profile = Objects.requireNonNull(profile, "profile must not be null");
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
        this.random = Objects.requireNonNull(random, "random must not be null");
    }

    /** The cooler's temperature now without noise, °C. */
    public double expectedCelsius() {
        long phase = Math.floorMod(clock.millis(), profile.cycleMillis());
        double span = profile.highCelsius() - profile.lowCelsius();
        long warmingMs = profile.warming().toMillis();
        if (phase < warmingMs) {
            return profile.lowCelsius() + span * phase / warmingMs;
        }
        return profile.highCelsius() - span * (phase - warmingMs) / profile.cooling().toMillis();
    }

    /** The temperature now with noise, rounded to 0.0625 °C, °C. */
    @Override
    public synchronized double readCelsius() {
        double noisy = expectedCelsius() + random.nextGaussian() * profile.noiseSigmaCelsius();
        return Math.round(noisy / RESOLUTION_C) * RESOLUTION_C;
    }
}
