package com.scalesense.demo.scale;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.hal.sim.KegPeriod;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.TruePour;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PourScriptTest {

    private static final long SIX_HOURS_S = 6 * 3600;

    @Test
    void the_keg_starts_at_its_planned_level_and_never_gives_more_beer_than_it_holds() {
        // given tap 02's small keg at 60 %
        TapPlan tap = BarEvening.taps(2).get(1);

        // when
        Scenario evening = PourScript.evening(tap, SIX_HOURS_S, new Random(1));

        // then
        KegPeriod keg = evening.periods().get(0);
        assertThat(keg.initialBeerKg() / keg.keg().fullBeerKg()).isCloseTo(0.60, org.assertj.core.data.Offset.offset(1e-9));
        double poured = keg.pours().stream().mapToDouble(TruePour::beerKg).sum();
        assertThat(poured).isLessThanOrEqualTo(keg.initialBeerKg());
        assertThat(evening.endNanos()).isEqualTo(SIX_HOURS_S * 1_000_000_000L);
    }

    @Test
    void pours_are_glasses_of_10_to_20_oz_at_2_oz_per_second_with_the_bartenders_pause_between() {
        List<TruePour> pours = PourScript.evening(BarEvening.taps(1).get(0), SIX_HOURS_S, new Random(2))
                .periods().get(0).pours();

        assertThat(pours).isNotEmpty().allSatisfy(p -> {
            assertThat(p.volumeOz()).isBetween(10.0, 20.0);
            assertThat((p.endNanos() - p.startNanos()) / 1e9).isCloseTo(p.volumeOz() / 2,
                    org.assertj.core.data.Offset.offset(1e-6));
        });
        for (int i = 1; i < pours.size(); i++) {
            assertThat(pours.get(i).startNanos() - pours.get(i - 1).endNanos()).isGreaterThanOrEqualTo(6_000_000_000L);
        }
        assertThat(pours.get(0).startNanos()).isGreaterThanOrEqualTo(60_000_000_000L);
    }

    @Test
    void the_same_seed_gives_the_same_evening() {
        TapPlan tap = BarEvening.taps(3).get(2);

        assertThat(PourScript.evening(tap, SIX_HOURS_S, new Random(5)).pours())
                .isEqualTo(PourScript.evening(tap, SIX_HOURS_S, new Random(5)).pours());
    }

    @Test
    void the_pour_rate_rises_to_its_peak_mid_evening_and_tails_off() {
        assertThat(PourScript.shape(0)).isEqualTo(0.6);
        assertThat(PourScript.shape(0.5)).isEqualTo(1.5);
        assertThat(PourScript.shape(1)).isCloseTo(0.7, org.assertj.core.data.Offset.offset(1e-12));
    }
}
