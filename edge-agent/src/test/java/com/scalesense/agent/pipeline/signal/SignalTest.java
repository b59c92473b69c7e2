package com.scalesense.agent.pipeline.signal;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SignalTest {

    @Test
    void spike_filter_replaces_an_isolated_spike_by_the_median() {
        SpikeFilter filter = new SpikeFilter(7, 3, 0.05);
        double[] in = {50.000, 50.001, 49.999, 50.002, 50.000, 49.999, 50.001};
        for (double v : in) {
            filter.apply(v);
        }

        // an HX711 2^n-1 glitch read as a far-off weight
        double out = filter.apply(-4.8);

        assertThat(out).isCloseTo(50.000, within(0.002));
        assertThat(filter.apply(50.001)).isEqualTo(50.001);
    }

    @Test
    void spike_filter_lets_a_pour_ramp_through_without_lag() {
        SpikeFilter filter = new SpikeFilter(7, 3, 0.05);
        for (int i = 0; i < 30; i++) {
            double kg = 60 - 0.006 * i; // 60 g/s at 10 SPS
            assertThat(filter.apply(kg)).isEqualTo(kg);
        }
    }

    @Test
    void spike_filter_passes_a_real_step_once_it_fills_half_the_window() {
        SpikeFilter filter = new SpikeFilter(7, 3, 0.05);
        for (int i = 0; i < 7; i++) {
            filter.apply(0.0);
        }
        double[] out = new double[5];
        for (int i = 0; i < 5; i++) {
            out[i] = filter.apply(40.0); // keg set down
        }

        assertThat(out).containsExactly(0.0, 0.0, 0.0, 40.0, 40.0);
    }

    @Test
    void boxcar_averages_the_latest_values_and_passes_them_through_with_one_slot() {
        BoxcarAverage eight = new BoxcarAverage(8);
        double last = 0;
        for (int i = 1; i <= 20; i++) {
            last = eight.apply(i);
        }
        BoxcarAverage one = new BoxcarAverage(1);

        assertThat(last).isCloseTo((13 + 20) / 2.0, within(1e-12)); // mean of 13..20
        assertThat(one.apply(4.2)).isEqualTo(4.2);
        assertThat(one.apply(-1.0)).isEqualTo(-1.0);
    }

    @Test
    void stability_window_is_stable_when_flat_and_falling_on_a_ramp() {
        StabilityWindow window = new StabilityWindow(10, 0.008, 0.006);
        for (int i = 0; i < 10; i++) {
            window.add(30.0);
        }
        assertThat(window.stable()).isTrue();
        assertThat(window.mean()).isEqualTo(30.0);

        for (int i = 1; i <= 10; i++) {
            window.add(30.0 - 0.006 * i);
        }
        assertThat(window.stable()).isFalse();
        assertThat(window.falling()).isTrue();
        assertThat(window.halfDiff()).isCloseTo(-0.030, within(1e-9));
    }

    @Test
    void gate_skips_a_lone_bad_sample_and_reports_a_fault_after_a_run() {
        SampleGate gate = new SampleGate(3, 2);
        RawSample ok = new RawSample(100, 1, 1, SampleStatus.OK);
        RawSample bad = new RawSample(0, 1, 1, SampleStatus.TIMING_VIOLATION);

        assertThat(gate.offer(bad)).isEqualTo(SampleGate.Verdict.SKIP);
        assertThat(gate.offer(ok)).isEqualTo(SampleGate.Verdict.USE);
        assertThat(gate.offer(bad)).isEqualTo(SampleGate.Verdict.SKIP);
        assertThat(gate.offer(bad)).isEqualTo(SampleGate.Verdict.SKIP);
        assertThat(gate.offer(bad)).isEqualTo(SampleGate.Verdict.FAULT_STARTED);
        assertThat(gate.lastBadStatus()).isEqualTo(SampleStatus.TIMING_VIOLATION);
        assertThat(gate.offer(ok)).isEqualTo(SampleGate.Verdict.SKIP);
        assertThat(gate.offer(ok)).isEqualTo(SampleGate.Verdict.RECOVERED);
        assertThat(gate.offer(ok)).isEqualTo(SampleGate.Verdict.USE);
        assertThat(gate.faulted()).isFalse();
    }
}
