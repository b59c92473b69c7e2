package com.scalesense.hal.sim;

import com.scalesense.hal.SampleRate;
import com.scalesense.hal.hx711.Hx711Datasheet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SimulatedSignalTest {

    static final long NS = 1_000_000_000L;
    static final long DAY = 86_400 * NS;
    // seed 000 half_barrel: 15.5 gal, empty 29.0 lbs; water (sg 1.0)
    static final KegSpec HALF = new KegSpec("half_barrel", 29.0 * 0.45359237, 15.5, 1.0);
    static final LoadCellSpec CELL = LoadCellSpec.typical();

    static Scenario fullKegFor(long nanos, TemperatureProfile temperature) {
        KegPeriod period = new KegPeriod(0, Long.MAX_VALUE, HALF, HALF.fullBeerKg(), List.of());
        return new Scenario(List.of(period), List.of(), temperature, nanos);
    }

    @Test
    void same_seed_gives_the_same_counts() {
        Scenario scenario = fullKegFor(DAY, TemperatureProfile.constant(4));
        SimulatedSignal a = new SimulatedSignal(scenario, CELL, NoiseSpec.datasheet(), SampleRate.SPS_80, new Random(3));
        SimulatedSignal b = new SimulatedSignal(scenario, CELL, NoiseSpec.datasheet(), SampleRate.SPS_80, new Random(3));

        for (long t = 0; t < 1000 * 12_500_000L; t += 12_500_000L) {
            assertThat(a.countsAt(t)).isEqualTo(b.countsAt(t));
        }
    }

    @Test
    void creep_adds_tens_of_grams_over_a_day_under_a_full_keg() {
        // 0.05 % of (5 kg platform + 72.7 kg keg) = 38.8 g after many 6 h time constants; after 24 h 98 % of it
        Scenario scenario = fullKegFor(2 * DAY, TemperatureProfile.constant(4));
        SimulatedSignal signal = new SimulatedSignal(scenario, CELL, NoiseSpec.quiet(), SampleRate.SPS_10, new Random(1));
        double start = signal.countsAt(0);
        double end = 0;
        for (long t = 0; t <= DAY; t += 60 * NS) {
            end = signal.countsAt(t);
        }

        double creepKg = (end - start) / CELL.countsPerKg();
        double load = 5.0 + HALF.fullGrossKg();
        assertThat(creepKg).isCloseTo(5e-4 * load * (1 - Math.exp(-4)), within(1e-4));
        assertThat(creepKg).isBetween(0.010, 0.099);
    }

    @Test
    void a_warmer_cooler_shifts_zero_and_span_by_the_cells_temperature_coefficients() {
        // +5 °C: zero moves 2e-5 x 5 x 8.6 mV full scale; span grows 2e-5 x 5 of the load
        Scenario cold = fullKegFor(DAY, TemperatureProfile.constant(4));
        // mean 4 °C, cycle ±5 °C at its peak at t = 0 (phase π/2): 9 °C, calibrated at the mean
        Scenario hot = fullKegFor(DAY, new TemperatureProfile(4, 5, 1800, 0, Math.PI / 2));
        double load = 5.0 + HALF.fullGrossKg();

        double c0 = new SimulatedSignal(cold, CELL, NoiseSpec.quiet(), SampleRate.SPS_10, new Random(1)).countsAt(0);
        double c1 = new SimulatedSignal(hot, CELL, NoiseSpec.quiet(), SampleRate.SPS_10, new Random(1)).countsAt(0);

        assertThat(hot.temperature().celsiusAt(0)).isCloseTo(9.0, within(1e-9));
        double expected = 2e-5 * 5 * CELL.fullScaleMv() * Hx711Datasheet.COUNTS_PER_MV + CELL.countsPerKg() * load * 2e-5 * 5;
        assertThat(c1 - c0).isCloseTo(expected, within(1e-6));
    }
}
