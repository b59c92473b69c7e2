package com.scalesense.hal.thermal;

import com.scalesense.hal.thermal.SimulatedTemperatureSensor.CoolerProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SimulatedTemperatureSensorTest {

    /** A cycle boundary: 2026-11-22T00:00Z is a whole number of 20-minute cycles since the epoch. */
    private static final Instant CYCLE_START = Instant.parse("2026-11-22T00:00:00Z");

    private static SimulatedTemperatureSensor at(Duration sinceCycleStart, CoolerProfile profile, long seed) {
        Clock clock = Clock.fixed(CYCLE_START.plus(sinceCycleStart), ZoneOffset.UTC);
        return new SimulatedTemperatureSensor(profile, clock, new Random(seed));
    }

    @ParameterizedTest(name = "{0} s into the cycle: {1} °C")
    @CsvSource({"0, 2.0", "420, 3.5", "840, 5.0", "1020, 3.5", "1200, 2.0", "1620, 3.5"})
    void warms_while_the_compressor_is_off_and_cools_while_it_runs(long seconds, double celsius) {
        CoolerProfile quiet = new CoolerProfile(2.0, 5.0, Duration.ofMinutes(14), Duration.ofMinutes(6), 0);

        assertThat(at(Duration.ofSeconds(seconds), quiet, 1).readCelsius()).isEqualTo(celsius);
    }

    @Test
    void stays_near_the_cooler_band_with_noise_rounded_to_a_sixteenth_of_a_degree() {
        CoolerProfile profile = CoolerProfile.kegCooler();
        for (long second = 0; second < 24 * 3600; second += 7) {
            double celsius = at(Duration.ofSeconds(second), profile, second).readCelsius();

            assertThat(celsius).isBetween(2.0 - 0.5, 5.0 + 0.5);
            assertThat(celsius / 0.0625).isCloseTo(Math.rint(celsius / 0.0625), within(1e-9));
        }
    }

    @Test
    void gives_the_same_readings_for_the_same_clock_and_seed() {
        SimulatedTemperatureSensor a = at(Duration.ofMinutes(3), CoolerProfile.kegCooler(), 42);
        SimulatedTemperatureSensor b = at(Duration.ofMinutes(3), CoolerProfile.kegCooler(), 42);

        for (int i = 0; i < 20; i++) {
            assertThat(a.readCelsius()).isEqualTo(b.readCelsius());
        }
    }

    @Test
    void rejects_a_profile_whose_low_is_not_below_its_high() {
        assertThatThrownBy(() -> new CoolerProfile(5, 2, Duration.ofMinutes(1), Duration.ofMinutes(1), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lowCelsius '5.0'");
    }
}
