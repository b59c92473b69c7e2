package com.scalesense.hal.sim;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
                    case KNOCK -> {
                        assertThat(lenS).isBetween(0.5, 30.0);
                        assertThat(Math.abs(d.kg())).isBetween(0.2, 15.0);
                        assertThat(s.periodIndexAt(d.startNanos())).isNotNegative();
                    }
                    case LEFT_ON_KEG -> assertThat(d.kg()).isBetween(0.3, 15.0);
                    case OBJECT_ON_EMPTY -> {
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
