package com.scalesense.cal.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StabilityTest {

    @Test
    void is_settling_until_a_full_window_of_weights_was_seen() {
        Stability stability = new Stability();

        for (int i = 0; i < Stability.WINDOW - 1; i++) {
            assertThat(stability.add(20.0)).isEqualTo(Stability.Verdict.SETTLING);
        }
        assertThat(stability.add(20.0)).isEqualTo(Stability.Verdict.STEADY);
    }

    @Test
    void a_spread_above_50_g_in_the_window_is_moving_and_below_is_steady() {
        Stability stability = new Stability();
        for (int i = 0; i < Stability.WINDOW; i++) {
            stability.add(20.0 + (i % 2) * 0.04);
        }
        assertThat(stability.add(20.0)).isEqualTo(Stability.Verdict.STEADY);

        assertThat(stability.add(20.06)).isEqualTo(Stability.Verdict.MOVING);
        assertThat(stability.spreadKg()).isEqualTo(0.06, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void a_sample_without_weight_makes_the_verdict_unknown_and_starts_the_window_again() {
        Stability stability = new Stability();
        for (int i = 0; i < Stability.WINDOW; i++) {
            stability.add(5.0);
        }

        assertThat(stability.add(null)).isEqualTo(Stability.Verdict.UNKNOWN);
        assertThat(stability.add(5.0)).isEqualTo(Stability.Verdict.SETTLING);
    }
}
