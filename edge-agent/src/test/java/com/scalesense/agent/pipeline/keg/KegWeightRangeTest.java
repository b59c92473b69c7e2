package com.scalesense.agent.pipeline.keg;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class KegWeightRangeTest {

    /** A half barrel of sg 1.010 beer, nothing measured: shell 29 lbs (seed 000), 59.26 kg of beer when full. */
    static final KegProfile HALF = new KegProfile(null, null, KegType.HALF_BARREL, 1.010, Tare.PENDING);

    @Test
    void the_middle_of_a_range_is_off_by_at_most_half_its_width_from_either_end() {
        // given a keg that weighs 40.00 kg if a 0.45 kg press stayed on it, 40.45 kg if the press eased off
        KegWeightRange range = new KegWeightRange(40.0, 40.45).within(HALF);

        // then the middle, 40.225 kg, is 0.225 kg from either
        assertThat(range.middleKg()).isCloseTo(40.225, within(1e-9));
        assertThat(range.halfWidthKg()).isCloseTo(0.225, within(1e-9));
    }

    @Test
    void a_keg_never_weighs_less_than_its_shell_nor_more_than_full() {
        double shell = KegType.HALF_BARREL.emptyKg();
        double full = shell + HALF.beerWhenFullKg();

        // given a keg near its shell that weighs 1 kg less than that if a press stayed on it, 0.3 kg more if it eased
        KegWeightRange nearEmpty = new KegWeightRange(shell - 0.7, shell + 0.3).within(HALF);
        // and one near full the other way
        KegWeightRange nearFull = new KegWeightRange(full - 0.2, full + 0.8).within(HALF);
        // and one wholly below the shell
        KegWeightRange belowShell = new KegWeightRange(shell - 1.0, shell - 0.2).within(HALF);

        // then only what a keg can weigh is left of each: the level's own frame, 0 to 100 %
        assertThat(nearEmpty.lightestKg()).isEqualTo(shell);
        assertThat(nearEmpty.halfWidthKg()).isCloseTo(0.15, within(1e-9));
        assertThat(nearFull.heaviestKg()).isEqualTo(full);
        assertThat(nearFull.halfWidthKg()).isCloseTo(0.1, within(1e-9));
        assertThat(belowShell.middleKg()).isEqualTo(shell);
        assertThat(belowShell.halfWidthKg()).isZero();
    }

    @Test
    void an_unknown_weight_leaves_an_unknown_range() {
        KegWeightRange unknown = new KegWeightRange(Double.NaN, Double.NaN).within(HALF);

        assertThat(unknown.halfWidthKg()).isNaN();
    }
}
