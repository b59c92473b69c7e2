package com.scalesense.hal.sim;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/** Issue 12: the simulator learns the real bar (knocks, things left on kegs, lifts, objects, part-full kegs). */
class BarDisturbancesTest {

    private static final long NS = 1_000_000_000L;
    // Seed 000 reference empty weights: half_barrel 29.0 lbs, sixth_barrel 16.5 lbs.
    private static final double HALF_SHELL_KG = 29.0 * 0.45359237;
    private static final double SIXTH_SHELL_KG = 16.5 * 0.45359237;
    private static final List<KegSpec> KEGS = List.of(new KegSpec("half_barrel", HALF_SHELL_KG, 15.5, 1.014),
            new KegSpec("sixth_barrel", SIXTH_SHELL_KG, 5.17, 1.007));
    private static final TrafficProfile BAR = TrafficProfile.busyBar().withShellSpreadKg(0.3);

    static Scenario realBar(long seed) {
        return new ScenarioGenerator(new Random(seed), BAR, BarDisturbances.realBar(), new Random(seed * 31 + 1))
                .generate(KEGS, TemperatureProfile.constant(4));
    }

    @Test
    void same_seed_gives_the_same_disturbed_life() {
        // given two generators on the same seeds (guards: the benchmark's figures must be reproducible)
        Scenario a = realBar(5);
        Scenario b = realBar(5);

        // then every keg, pour and disturbance is the same, and another seed differs
        assertThat(a.disturbances()).isNotEmpty().isEqualTo(b.disturbances());
        assertThat(a.periods()).isEqualTo(b.periods());
        assertThat(realBar(6).disturbances()).isNotEqualTo(a.disturbances());
    }

    @Test
    void an_undisturbed_bar_gives_exactly_the_lives_of_before() {
        // given the old generator and one with BarDisturbances.none() (guards: the old figures stay reproducible)
        Scenario old = new ScenarioGenerator(new Random(9), TrafficProfile.busyBar()).generate(KEGS, TemperatureProfile.constant(4));
        Scenario none = new ScenarioGenerator(new Random(9), TrafficProfile.busyBar(), BarDisturbances.none(), new Random(1))
                .generate(KEGS, TemperatureProfile.constant(4));

        // then they are the same life, without a single disturbance
        assertThat(none.periods()).isEqualTo(old.periods());
        assertThat(none.faults()).isEqualTo(old.faults());
        assertThat(none.disturbances()).isEmpty();
    }

    @Test
    void a_knock_adds_its_load_only_while_it_lasts_and_a_lifted_keg_keeps_its_level() {
        // given a full keg, a 4 kg knock at 10-12 s and the keg lifted off at 20-50 s
        KegSpec keg = KEGS.get(0);
        Scenario s = new Scenario(List.of(new KegPeriod(0, Long.MAX_VALUE, keg, keg.fullBeerKg(), List.of())), List.of(),
                List.of(new Disturbance(Disturbance.Kind.KNOCK, 10 * NS, 12 * NS, 4.0),
                        new Disturbance(Disturbance.Kind.LIFTED, 20 * NS, 50 * NS, keg.fullGrossKg())),
                TemperatureProfile.constant(4), 100 * NS);

        // then the platform weighs the keg plus 4 kg during the knock, nothing while lifted, the keg again after
        assertThat(s.grossKgAt(11 * NS)).isCloseTo(keg.fullGrossKg() + 4, within(1e-9));
        assertThat(s.grossKgAt(12 * NS)).isCloseTo(keg.fullGrossKg(), within(1e-9));
        assertThat(s.grossKgAt(30 * NS)).isZero();
        assertThat(s.levelPctAt(30 * NS)).isCloseTo(100, within(1e-9));
        assertThat(s.grossKgAt(50 * NS)).isCloseTo(keg.fullGrossKg(), within(1e-9));
    }

    @Test
    void a_ramped_rocking_lean_comes_on_and_goes_over_its_ramps_and_swings_around_its_mean() {
        // given a full keg and a 2 kg lean at 10-20 s, on over 1 s, off over 4 s, rocking ±0.5 kg at 1 Hz
        KegSpec keg = KEGS.get(0);
        Disturbance lean = new Disturbance(Disturbance.Kind.LEAN_ROCKING, 10 * NS, 20 * NS, 2.0,
                new LoadShape(1, 4, 0.5, 1));
        Scenario s = new Scenario(List.of(new KegPeriod(0, Long.MAX_VALUE, keg, keg.fullBeerKg(), List.of())), List.of(),
                List.of(lean), TemperatureProfile.constant(4), 100 * NS);
        double full = keg.fullGrossKg();

        // then half of it is on half way up the ramp, all of it (at a zero of the swing) when held, a swing's peak
        // a quarter period later, half of it half way down the ease, and nothing after
        assertThat(s.grossKgAt(10 * NS + NS / 2)).isCloseTo(full + 0.5 * 2.0, within(1e-9));
        assertThat(s.grossKgAt(13 * NS)).isCloseTo(full + 2.0, within(1e-9));
        assertThat(s.grossKgAt(13 * NS + NS / 4)).isCloseTo(full + 2.5, within(1e-9));
        assertThat(s.grossKgAt(18 * NS)).isCloseTo(full + 0.5 * 2.0, within(1e-9));
        assertThat(s.grossKgAt(20 * NS)).isCloseTo(full, within(1e-9));
    }

    @Test
    void the_bar_of_steps_is_the_real_bar_event_for_event_with_every_load_a_step() {
        // given the same seeds with and without shaped loads (guards: round six's bar stays reachable, and the
        // shapes are drawn after everything else, so no knock moves in time or weight)
        Scenario shaped = realBar(3);
        Scenario steps = new ScenarioGenerator(new Random(3), BAR, BarDisturbances.realBarOfSteps(), new Random(3 * 31 + 1))
                .generate(KEGS, TemperatureProfile.constant(4));

        // then each disturbance starts at the same time with the same weight; only the shape (and an ease's end) differ
        assertThat(shaped.periods()).isEqualTo(steps.periods());
        assertThat(shaped.disturbances()).extracting(Disturbance::startNanos, Disturbance::kg)
                .isEqualTo(steps.disturbances().stream().map(d -> tuple(d.startNanos(), d.kg())).toList());
        assertThat(steps.disturbances()).allMatch(d -> d.shape().isStep());
        assertThat(shaped.disturbances()).anyMatch(d -> !d.shape().isStep());
    }

    @Test
    void a_real_bar_draws_every_kind_of_disturbance_within_its_bounds() {
        // given ten real-bar lives (guards: each disturbance class of issue 12 really reaches the benchmark)
        Set<Disturbance.Kind> seen = EnumSet.noneOf(Disturbance.Kind.class);
        for (long seed = 1; seed <= 10; seed++) {
            Scenario s = realBar(seed);
            for (KegPeriod p : s.periods()) {
                double refShell = p.keg().kegType().equals("half_barrel") ? HALF_SHELL_KG : SIXTH_SHELL_KG;
                assertThat(p.keg().shellKg()).isBetween(refShell - 0.3, refShell + 0.3);
                assertThat(p.keg().sg()).isBetween(1.000, 1.060);
                assertThat(p.initialBeerKg()).isGreaterThanOrEqualTo(0.05 * p.keg().fullBeerKg() - 1e-9);
            }
            for (Disturbance d : s.disturbances()) {
                seen.add(d.kind());
                double lenS = (d.endNanos() - d.startNanos()) / (double) NS;
                switch (d.kind()) {
                    case KNOCK, KNOCK_RAMPED, LEAN_ROCKING, LEAN_EASING -> {
                        assertThat(lenS).isBetween(0.5, d.kind() == Disturbance.Kind.LEAN_EASING ? 50.0 : 30.0);
                        assertThat(Math.abs(d.kg())).isBetween(0.2, 15.0);
                        assertThat(s.periodIndexAt(d.startNanos())).isNotNegative();
                    }
                    case LEFT_ON_KEG, LEFT_ON_KEG_RAMPED -> assertThat(d.kg()).isBetween(0.3, 15.0);
                    case OBJECT_ON_EMPTY, OBJECT_ON_EMPTY_RAMPED -> {
                        assertThat(s.periodIndexAt(d.startNanos())).isNegative();
                        assertThat(s.periodIndexAt(d.endNanos() - 1)).isNegative();
                        assertThat(d.kg()).isLessThan(SIXTH_SHELL_KG - 0.3);
                    }
                    case LIFTED -> assertThat(s.pours()).noneMatch(
                            pour -> pour.startNanos() < d.endNanos() && pour.endNanos() > d.startNanos());
                    case PART_FULL_KEG -> assertThat(d.kg()).isLessThan(s.periods().get(s.periodIndexAt(d.startNanos()))
                            .keg().fullBeerKg());
                }
            }
        }
        assertThat(seen).containsExactlyInAnyOrder(Disturbance.Kind.values());
    }

    @Test
    void refuses_a_disturbance_that_ends_before_it_starts() {
        assertThatThrownBy(() -> new Disturbance(Disturbance.Kind.KNOCK, 5 * NS, 5 * NS, 1))
                .isInstanceOf(SimulationConfigException.class).hasMessageContaining("endNanos");
    }
}
