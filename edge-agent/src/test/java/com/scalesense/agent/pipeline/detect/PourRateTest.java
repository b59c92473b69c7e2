package com.scalesense.agent.pipeline.detect;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PourRateTest {

    static final long HOUR = 3_600_000L;

    @Test
    void rate_is_gallons_poured_in_the_window_over_the_window_hours() {
        // seed 000: (gallons that left) / window_hours, default window 6 h
        PourRate rate = new PourRate(6 * HOUR);
        rate.add(1 * HOUR, 1.5);
        rate.add(2 * HOUR, 1.5);

        assertThat(rate.gallonsPerHour(3 * HOUR)).isCloseTo(0.5, within(1e-12));
        assertThat(PourRate.hoursRemaining(7.75, 0.5)).isCloseTo(15.5, within(1e-12));
    }

    @Test
    void pours_older_than_the_window_no_longer_count() {
        PourRate rate = new PourRate(6 * HOUR);
        rate.add(1 * HOUR, 1.5);
        rate.add(5 * HOUR, 0.6);

        assertThat(rate.gallonsPerHour(7 * HOUR + 1)).isCloseTo(0.1, within(1e-12));
        assertThat(rate.gallonsPerHour(12 * HOUR)).isZero();
    }

    @Test
    void no_pours_means_no_hours_remaining() {
        assertThat(PourRate.hoursRemaining(10, 0)).isNull();
    }
}
