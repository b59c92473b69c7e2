package com.scalesense.hal.sim;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SimulatedLoadCellTest {

    static final long NS = 1_000_000_000L;
    static final KegSpec KEG = new KegSpec("sixth_barrel", 7.484, 5.17, 1.0);
    static final LoadCellSpec CELL = LoadCellSpec.typical();

    static Scenario kegOnFromOneSecond(List<FaultWindow> faults) {
        KegPeriod period = new KegPeriod(NS, Long.MAX_VALUE, KEG, KEG.fullBeerKg(), List.of());
        return new Scenario(List.of(period), faults, TemperatureProfile.constant(4), 60 * NS);
    }

    static SimulatedLoadCell cell(Scenario scenario, NoiseSpec noise, SampleRate rate) {
        return new SimulatedLoadCell(new SimulatedSignal(scenario, CELL, noise, rate, new Random(1)),
                scenario, rate, 1_700_000_000_000L);
    }

    @Test
    void counts_per_kg_follow_rated_output_excitation_and_gain() {
        // 2 mV/V x 4.3 V = 8.6 mV at 200 kg; 2^23 counts per 20 mV -> 8.6 / 200 x 419430.4 = 18035.5 counts/kg.
        assertThat(CELL.countsPerKg()).isCloseTo(18_035.507, within(1e-3));
    }

    @Test
    void a_quiet_cell_reads_zero_balance_plus_platform_plus_keg() {
        SimulatedLoadCell loadCell = cell(kegOnFromOneSecond(List.of()), NoiseSpec.quiet(), SampleRate.SPS_10);
        RawSample first = loadCell.read(Duration.ZERO);
        for (int i = 0; i < 20; i++) {
            loadCell.read(Duration.ZERO);
        }
        RawSample withKeg = loadCell.read(Duration.ZERO);

        assertThat(first.monotonicNanos()).isEqualTo(100_000_000L);
        assertThat(first.wallMillis()).isEqualTo(1_700_000_000_100L);
        assertThat(first.value()).isCloseTo((int) Math.round(CELL.zeroCounts() + 5.0 * CELL.countsPerKg()), within(1));
        double kegCounts = withKeg.value() - first.value();
        // creep adds at most 0.05 % of the load over 2 s; allow it
        assertThat(kegCounts / CELL.countsPerKg()).isCloseTo(KEG.fullGrossKg(), within(0.01));
    }

    @Test
    void noise_at_80_sps_has_the_datasheet_rms() {
        SimulatedLoadCell loadCell = cell(kegOnFromOneSecond(List.of()), new NoiseSpec(50, 90, 0, 0, 0, 1, 1), SampleRate.SPS_80);
        for (int i = 0; i < 200; i++) {
            loadCell.read(Duration.ZERO); // past the placement
        }
        double[] v = new double[2000];
        for (int i = 0; i < v.length; i++) {
            v[i] = loadCell.read(Duration.ZERO).value();
        }
        double mean = java.util.Arrays.stream(v).average().orElseThrow();
        double rms = Math.sqrt(java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum() / v.length);

        // 90 nV x 419430.4 counts/mV = 37.7 counts rms; creep drift over 25 s is below 1 count
        assertThat(rms).isCloseTo(37.7, within(3.0));
    }

    @Test
    void samples_inside_a_fault_window_carry_its_status_and_no_value() {
        FaultWindow fault = new FaultWindow(2 * NS, 3 * NS, SampleStatus.DISCONNECTED);
        SimulatedLoadCell loadCell = cell(kegOnFromOneSecond(List.of(fault)), NoiseSpec.quiet(), SampleRate.SPS_10);
        RawSample sample = loadCell.read(Duration.ZERO);
        while (sample.monotonicNanos() < 2 * NS) {
            sample = loadCell.read(Duration.ZERO);
        }

        assertThat(sample.status()).isEqualTo(SampleStatus.DISCONNECTED);
        assertThat(sample.value()).isZero();
    }

    @Test
    void an_input_beyond_full_scale_is_saturated() {
        Scenario scenario = kegOnFromOneSecond(List.of());
        SimulatedLoadCell loadCell = new SimulatedLoadCell(n -> 9e6, scenario, SampleRate.SPS_10, 0);

        RawSample sample = loadCell.read(Duration.ZERO);

        assertThat(sample.status()).isEqualTo(SampleStatus.SATURATED);
        assertThat(sample.value()).isEqualTo(RawSample.MAX_COUNT);
    }

    @Test
    void reading_a_closed_cell_fails() {
        SimulatedLoadCell loadCell = cell(kegOnFromOneSecond(List.of()), NoiseSpec.quiet(), SampleRate.SPS_10);
        loadCell.close();

        assertThatThrownBy(() -> loadCell.read(Duration.ZERO)).hasMessageContaining("closed");
    }

    @Test
    void a_keg_spec_with_an_impossible_gravity_is_rejected_naming_the_field() {
        assertThatThrownBy(() -> new KegSpec("half_barrel", 13, 15.5, 10.14))
                .isInstanceOf(SimulationConfigException.class)
                .hasMessageContaining("sg = 10.14")
                .hasMessageContaining("[0.9, 1.2]");
    }

    @Test
    void a_cell_moved_forward_reads_what_an_uninterrupted_one_reads_at_that_time() {
        // given two cells of the same scenario, noise and seed
        SimulatedLoadCell uninterrupted = cell(kegOnFromOneSecond(List.of()), NoiseSpec.datasheet(), SampleRate.SPS_10);
        SimulatedLoadCell restarted = cell(kegOnFromOneSecond(List.of()), NoiseSpec.datasheet(), SampleRate.SPS_10);
        for (int i = 0; i < 123; i++) {
            uninterrupted.read(Duration.ZERO);
        }

        // when the second is moved to 12.35 s without reading (its reader was down)
        restarted.skipTo(12_350_000_000L);

        // then its next sample is the first after 12.35 s, equal to the uninterrupted cell's
        RawSample next = restarted.read(Duration.ZERO);
        assertThat(next.monotonicNanos()).isEqualTo(12_400_000_000L);
        assertThat(next).isEqualTo(uninterrupted.read(Duration.ZERO));
    }

    @Test
    void moving_forward_never_moves_back_and_past_the_scenario_end_goes_on_with_nothing_measured() {
        SimulatedLoadCell loadCell = cell(kegOnFromOneSecond(List.of()), NoiseSpec.quiet(), SampleRate.SPS_10);
        loadCell.skipTo(5 * NS);

        loadCell.skipTo(NS);
        assertThat(loadCell.nowNanos()).isEqualTo(5 * NS);

        loadCell.skipTo(3_600 * NS);
        assertThat(loadCell.nowNanos()).isEqualTo(3_600 * NS);
        assertThat(loadCell.finished()).isTrue();
        RawSample after = loadCell.read(Duration.ZERO);
        assertThat(after.status()).isEqualTo(SampleStatus.NOT_READY);
        assertThat(after.monotonicNanos()).isEqualTo(3_600 * NS + SampleRate.SPS_10.periodNanos());
    }

    @Test
    void a_restart_after_the_scenario_end_stamps_its_samples_after_the_run_before_it() {
        // Regression: skipTo stopped at the scenario's end, so a --simulate agent restarted there
        // stamped its readings back at the end, behind the readings of the boot before it (seen
        // in ForkedAgentEndToEndIT on a loaded machine: reading times went 44 minutes back).
        SimulatedLoadCell before = cell(kegOnFromOneSecond(List.of()), NoiseSpec.quiet(), SampleRate.SPS_10);
        before.skipTo(90 * NS);
        RawSample lastBefore = before.read(Duration.ZERO);
        SimulatedLoadCell restarted = cell(kegOnFromOneSecond(List.of()), NoiseSpec.quiet(), SampleRate.SPS_10);

        restarted.skipTo(120 * NS);
        RawSample firstAfter = restarted.read(Duration.ZERO);

        assertThat(firstAfter.monotonicNanos()).isGreaterThan(lastBefore.monotonicNanos());
        assertThat(firstAfter.wallMillis()).isGreaterThan(lastBefore.wallMillis());
    }
}
