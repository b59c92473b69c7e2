package com.scalesense.agent.pipeline.detect;

import com.scalesense.agent.pipeline.PipelineException;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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

    @Test
    void clear_forgets_every_pour() {
        PourRate rate = new PourRate(6 * HOUR);
        rate.add(1 * HOUR, 1.5);

        rate.clear();

        assertThat(rate.pours()).isEmpty();
        assertThat(rate.gallonsPerHour(2 * HOUR)).isZero();
    }

    @Test
    void restore_replaces_the_window_in_time_order() {
        // given a pour seen since start and older ones handed back out of order
        PourRate rate = new PourRate(6 * HOUR);
        rate.add(4 * HOUR, 0.3);

        rate.restore(List.of(new PourRate.Pour(4 * HOUR, 0.3), new PourRate.Pour(2 * HOUR, 0.6),
                new PourRate.Pour(1 * HOUR, 0.9)));

        assertThat(rate.pours()).extracting(PourRate.Pour::monoMs).containsExactly(1 * HOUR, 2 * HOUR, 4 * HOUR);
        assertThat(rate.gallonsPerHour(5 * HOUR)).isCloseTo(1.8 / 6, within(1e-12));
        assertThat(rate.gallonsPerHour(7 * HOUR + 1)).isCloseTo(0.9 / 6, within(1e-12));
    }

    @Test
    void beyond_the_bound_the_oldest_pours_are_dropped_and_stop_counting() {
        PourRate rate = new PourRate(6 * HOUR);
        for (int i = 0; i < PourRate.MAX_POURS; i++) {
            rate.add(i * 1_000L, i == 0 ? 100.0 : 0.01);
        }

        rate.add(PourRate.MAX_POURS * 1_000L, 0.01);

        assertThat(rate.pours()).hasSize(PourRate.MAX_POURS).first().extracting(PourRate.Pour::monoMs)
                .isEqualTo(1_000L);
        assertThat(rate.gallonsPerHour(HOUR)).isCloseTo(PourRate.MAX_POURS * 0.01 / 6, within(1e-9));
    }

    @Test
    void a_restored_window_over_the_bound_keeps_the_newest_pours() {
        PourRate rate = new PourRate(6 * HOUR);
        List<PourRate.Pour> many = LongStream.rangeClosed(1, PourRate.MAX_POURS + 5)
                .mapToObj(i -> new PourRate.Pour(i, 0.01)).toList();

        rate.restore(many);

        assertThat(rate.pours()).hasSize(PourRate.MAX_POURS).first().extracting(PourRate.Pour::monoMs).isEqualTo(6L);
    }

    @Test
    void every_add_clear_and_restore_is_a_change_but_pours_ageing_out_are_not() {
        PourRate rate = new PourRate(6 * HOUR);
        assertThat(rate.changes()).isZero();

        rate.add(1 * HOUR, 1.5);
        rate.restore(List.copyOf(rate.pours()));
        rate.clear();
        assertThat(rate.changes()).isEqualTo(3);

        rate.add(2 * HOUR, 0.5);
        rate.gallonsPerHour(9 * HOUR); // the pour leaves the window
        assertThat(rate.pours()).isEmpty();
        assertThat(rate.changes()).isEqualTo(4);
    }

    @Test
    void the_pours_view_is_read_only_and_follows_the_window() {
        PourRate rate = new PourRate(6 * HOUR);
        var view = rate.pours();

        rate.add(1 * HOUR, 1.5);

        assertThat(view).containsExactly(new PourRate.Pour(1 * HOUR, 1.5));
        assertThatThrownBy(view::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThat(rate.pours()).hasSize(1);
    }

    @Test
    void a_negative_or_not_finite_pour_is_refused_and_changes_nothing() {
        PourRate rate = new PourRate(6 * HOUR);

        assertThatThrownBy(() -> rate.add(1 * HOUR, -0.1)).isInstanceOf(PipelineException.class)
                .hasMessageContaining("gallons = -0.1").hasMessageContaining(">= 0");
        assertThatThrownBy(() -> rate.add(1 * HOUR, Double.NaN)).isInstanceOf(PipelineException.class);
        assertThat(rate.pours()).isEmpty();
        assertThat(rate.changes()).isZero();
    }
}
