package com.scalesense.hal.sim;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ScenarioGeneratorTest {

    // Seed 000 reference: half_barrel 15.5 gal, empty 29.0 lbs; sixth_barrel 5.17 gal, empty 16.5 lbs.
    static final KegSpec HALF_GUINNESS = new KegSpec("half_barrel", 29.0 * 0.45359237, 15.5, 1.014);
    static final KegSpec SIXTH_COORS = new KegSpec("sixth_barrel", 16.5 * 0.45359237, 5.17, 1.007);
    static final List<KegSpec> KEGS = List.of(HALF_GUINNESS, SIXTH_COORS);

    static Scenario generate(long seed) {
        return new ScenarioGenerator(new Random(seed), TrafficProfile.busyBar())
                .generate(KEGS, new TemperatureProfile(3, 2, 1800, 1, 0));
    }

    @Test
    void same_seed_gives_the_same_keg_life() {
        Scenario a = generate(42);
        Scenario b = generate(42);

        assertThat(a.pours()).isEqualTo(b.pours());
        assertThat(a.periods()).isEqualTo(b.periods());
        assertThat(a.endNanos()).isEqualTo(b.endNanos());
        assertThat(generate(43).pours()).isNotEqualTo(a.pours());
    }

    @Test
    void sum_of_pours_equals_the_beer_that_left_each_keg() {
        Scenario scenario = generate(7);

        for (KegPeriod period : scenario.periods()) {
            double poured = period.pours().stream().mapToDouble(TruePour::beerKg).sum();
            long justBeforeRemoval = Math.min(period.removedNanos(), scenario.endNanos()) - 1;
            double left = scenario.beerKgAt(justBeforeRemoval);
            assertThat(period.initialBeerKg() - left).isCloseTo(poured, within(1e-6));
        }
    }

    @Test
    void a_keg_left_to_the_end_runs_dry_and_its_last_pour_empties_it() {
        Scenario scenario = generate(11);
        KegPeriod last = scenario.periods().get(scenario.periods().size() - 1);

        assertThat(scenario.beerKgAt(scenario.endNanos() - 1)).isCloseTo(0, within(1e-6));
        assertThat(scenario.levelPctAt(scenario.endNanos() - 1)).isCloseTo(0, within(1e-6));
        assertThat(last.pours()).isNotEmpty();
    }

    @Test
    void pours_are_8_to_24_oz_except_the_one_that_empties_a_keg() {
        Scenario scenario = generate(3);

        for (KegPeriod period : scenario.periods()) {
            List<TruePour> pours = period.pours();
            for (int i = 0; i < pours.size() - 1; i++) {
                assertThat(pours.get(i).volumeOz()).isBetween(8.0, 24.0);
            }
        }
    }

    @Test
    void the_platform_is_empty_before_the_first_keg_and_weighs_shell_plus_beer_after() {
        Scenario scenario = generate(5);
        KegPeriod first = scenario.periods().get(0);

        assertThat(scenario.grossKgAt(first.placedNanos() - 1)).isZero();
        assertThat(scenario.levelPctAt(first.placedNanos() - 1)).isNaN();
        assertThat(scenario.grossKgAt(first.placedNanos())).isCloseTo(first.keg().fullGrossKg(), within(1e-9));
        assertThat(scenario.levelPctAt(first.placedNanos())).isCloseTo(100, within(1e-9));
    }

    @Test
    void beer_falls_linearly_while_a_tap_is_open() {
        Scenario scenario = generate(9);
        TruePour pour = scenario.pours().get(0);
        long mid = (pour.startNanos() + pour.endNanos()) / 2;

        double drop = scenario.beerKgAt(pour.startNanos()) - scenario.beerKgAt(mid);

        assertThat(drop).isCloseTo(pour.beerKg() / 2, within(1e-6));
    }
}
