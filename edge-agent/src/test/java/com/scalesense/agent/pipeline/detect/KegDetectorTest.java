package com.scalesense.agent.pipeline.detect;

import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.signal.StabilityWindow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The keg detector's transitions one at a time, on noiseless weights at 10 SPS (100 ms apart). */
class KegDetectorTest {

    final List<String> seen = new ArrayList<>();
    /** The keg's own weight as a reading sent with each event would see it. */
    final List<Double> kegAtEvent = new ArrayList<>();
    final PipelineConfig config = PipelineConfig.defaults();
    KegDetector detector;
    /** What {@link #detector} tells, kept for a detector at another rate. */
    DetectorListener listener;
    StabilityWindow window;
    long ms;
    double kg;

    @BeforeEach
    void setUp() {
        detector = new KegDetector(config, 10, listener = new DetectorListener() {
            @Override
            public void onDrop(long startMs, long endMs, double beforeKg, double afterKg) {
                seen.add(String.format("drop %d..%d %.3f", startMs, endMs, beforeKg - afterKg));
                kegAtEvent.add(detector.kegKg());
            }

            @Override
            public void onNewKeg(double weightKg, long atMs) {
                seen.add(String.format("new keg %.3f", weightKg));
            }

            @Override
            public void onAbsent(long atMs) {
                seen.add("absent");
            }

            @Override
            public boolean couldBeKeg(double grossKg) {
                return KegType.anyFits(grossKg, config.shellToleranceKg());
            }

            @Override
            public boolean couldBeThing(double grossKg) {
                return grossKg < KegType.lightestEmptyKg();
            }
        });
        window = new StabilityWindow(config.stableSamples(10), config.stableStdKg(), config.stableDriftKg());
    }

    void hold(double seconds) {
        ramp(kg, seconds);
    }

    /** Holds the weight one sample at a time until the detector is in {@code phase} (at most a minute). */
    void holdUntil(Phase phase) {
        for (int i = 0; i < 600 && detector.phase() != phase; i++) {
            hold(0.1);
        }
        assertThat(detector.phase()).isEqualTo(phase);
    }

    /**
     * Exactly one event was seen, a drop of {@code expectedKg} within {@code toleranceKg}, once the recording ends here (a
     * pour under a load that the next episode could still undo is held back until then: {@link KegDetector#flushPendingPour}).
     */
    void assertOnePour(double expectedKg, double toleranceKg) {
        detector.flushPendingPour();
        assertThat(seen).singleElement().asString().startsWith("drop ");
        assertThat(droppedKg(0)).isCloseTo(expectedKg, within(toleranceKg));
    }

    /** No event was seen, nothing is held on the keg, and the keg weighs {@code kegKg} (within 10 g). */
    void assertNothingHappened(double kegKg) {
        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(kegKg, within(0.01));
    }

    /** The kg of the {@code i}-th event, a drop. */
    double droppedKg(int i) {
        return Double.parseDouble(seen.get(i).split(" ")[2]);
    }

    /** As {@link #ramp}, each sample with 20 g rms of pour vibration on it (the ramp's own weight carries on). */
    void shake(double to, double seconds, Random noise) {
        double from = kg;
        int n = (int) Math.round(seconds * 10);
        for (int i = 1; i <= n; i++) {
            double level = from + (to - from) * i / n;
            ms += 100;
            double shaken = level + 0.02 * noise.nextGaussian();
            window.add(shaken);
            detector.accept(ms, shaken, window);
        }
        kg = to;
    }

    /** A keg settled at 40 kg, then {@code loadKg} set on it in 0.3 s and settled for 5 s. */
    void aKegAt40WithALoadOn(double loadKg) {
        kg = 40;
        hold(3);
        ramp(40 + loadKg, 0.3);
        hold(5);
    }

    /** A keg settled at 40 kg, a 0.3 kg pour at 60 g/s, then 1.3 s as flat as a plateau, not settled. */
    void aPourThatLooksStill() {
        kg = 40;
        hold(3);
        ramp(39.7, 5);
        hold(1.3);
    }

    /** A keg settled at 40 kg, a pour at 59 g/s, a 0.32 kg press ramped on as it ends, 5 s on. */
    void aPourEndingUnderA320gPress() {
        kg = 40;
        hold(3);
        ramp(39.38, 10.5);
        ramp(39.70, 0.7);
        hold(5);
    }

    /** A keg settled at 40 kg; someone presses 0.46 kg onto it, and a pour of 0.56 kg runs under the press. */
    void aPourOf560gUnderA460gPress() {
        kg = 40;
        hold(3);
        ramp(40.46, 0.3);
        ramp(39.90, 9.5);
    }

    /**
     * A new detector at 80 SPS fed {@code seconds} of the weight {@code weightAt} gives at each time (s from 3 s in: the
     * weight settles for 3 s first).
     */
    void atEightySps(int seconds, java.util.function.DoubleUnaryOperator weightAt) {
        detector = new KegDetector(config, 80, listener);
        window = new StabilityWindow(config.stableSamples(80), config.stableStdKg(), config.stableDriftKg());
        for (int i = 0; i < 80 * seconds; i++) {
            double t = i / 80.0 - 3;
            double weight = weightAt.applyAsDouble(t);
            ms = 3000 + Math.round(t * 1000);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
    }

    void ramp(double to, double seconds) {
        double from = kg;
        int n = (int) Math.round(seconds * 10);
        for (int i = 1; i <= n; i++) {
            kg = from + (to - from) * i / n;
            ms += 100;
            window.add(kg);
            detector.accept(ms, kg, window);
        }
    }

    @Test
    void starts_unknown_and_becomes_stable_on_the_first_settled_window() {
        kg = 40;
        assertThat(detector.phase()).isEqualTo(Phase.UNKNOWN);

        hold(1.0);

        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
        assertThat(detector.referenceKg()).isEqualTo(40.0);
        assertThat(seen).isEmpty();
    }

    @Test
    void a_sustained_fall_is_pouring_then_settling_then_a_drop_of_settled_weights() {
        kg = 40;
        hold(3);

        ramp(39.5, 8.5); // 0.5 kg at ~59 g/s, a 16.9 oz pour
        assertThat(detector.phase()).isEqualTo(Phase.POURING);
        hold(0.8);
        assertThat(detector.phase()).isEqualTo(Phase.SETTLING);
        hold(2);

        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0)).endsWith(" 0.500");
        assertThat(detector.referenceKg()).isCloseTo(39.5, within(1e-9));
    }

    @Test
    void pour_start_and_end_bracket_the_fall() {
        kg = 40;
        hold(3); // t = 3.0 s
        ramp(39.5, 8); // fall from 3.0 s to 11.0 s
        hold(3);

        String[] span = seen.get(0).split(" ")[1].split("\\.\\.");
        assertThat(Long.parseLong(span[0])).isBetween(2_900L, 3_300L);
        assertThat(Long.parseLong(span[1])).isBetween(10_500L, 11_600L);
    }

    @Test
    void a_knock_that_comes_back_is_not_a_pour() {
        kg = 40;
        hold(3);

        ramp(39.9, 0.2);
        ramp(40, 0.2);
        hold(3);

        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
        assertThat(seen).isEmpty();
    }

    @Test
    void a_knock_right_after_a_pour_leaves_the_reading_sent_with_the_pour_at_the_keg_weight() {
        // Guards issue 12 (seed 20261122 life 4 read 0 % instead of 11.1 %): a knock that began before
        // the pour settled closed the pour on its plateau, but the reading sent with that pour took
        // the knocked weight as the keg's, 8.8 kg too light.
        kg = 40;
        hold(3);
        ramp(39.7, 5);
        hold(1.5); // a plateau, not yet settled

        ramp(31.2, 0.3); // a -8.5 kg knock
        hold(2);
        ramp(39.7, 0.3);
        hold(3);

        assertThat(seen).hasSize(1);
        assertThat(seen.get(0)).endsWith(" 0.300");
        assertThat(kegAtEvent.get(0)).isCloseTo(39.7, within(0.01));
        assertThat(detector.kegKg()).isCloseTo(39.7, within(0.01));
    }

    @Test
    void a_pour_that_looks_still_for_less_than_the_settle_time_and_falls_on_at_a_faucets_rate_is_one_pour() {
        // Guards issue 12 (seed 20261222 life 10 at 10 SPS, the false pour with no disturbance near it): a 20 oz
        // pour's vibration followed its fall for 1.3 s and looked like a plateau; the fall going on from it was
        // closed as another pour, so the one pour was reported as 16 oz and a false 4.4 oz.
        aPourThatLooksStill();

        ramp(39.55, 2.5); // falls on at the same 60 g/s
        hold(3);

        assertThat(seen).singleElement().asString().endsWith(" 0.450");
        assertThat(detector.kegKg()).isCloseTo(39.55, within(0.01));
    }

    @Test
    void a_pour_falling_on_from_a_still_looking_stretch_with_a_shaken_first_sample_is_one_pour() {
        // Guards issue 12, eleventh round (seed 13017 at 10 SPS, a false 8.1 oz pour on no disturbance): a 20.7 oz
        // pour looked still for a second; the first sample of the fall going on from it shook 63 g below the plateau's
        // mean 0.1 s after the mean was taken, which is the weight half a window earlier, and was taken for a fall
        // faster than a faucet: the pour was reported as 12.6 oz and a false 8.1 oz.
        aPourThatLooksStill();

        kg = 39.64; // one sample shaken 60 g below
        hold(0.1);
        ramp(39.4, 4); // falls on at 60 g/s
        hold(3);

        assertThat(seen).singleElement().asString().endsWith(" 0.600");
        assertThat(detector.kegKg()).isCloseTo(39.4, within(0.01));
    }

    @Test
    void a_press_ramped_on_as_a_pour_ends_is_held_and_its_easing_off_is_no_pour() {
        // Guards issue 12, eleventh round (seed 13017 at 10 SPS): a 0.265 kg lean ramped onto a half barrel over 0.8 s,
        // 1.3 s before a 13.0 oz pour ended; the weight never rose above the episode's start, no step was measured, and
        // the settled drop was reported as a 4.1 oz pour, the keg claimed 0.51 % too full; the lean easing off 25 s
        // later was reported as a false 8.9 oz pour.
        kg = 40;
        hold(3);
        ramp(39.7, 4.5); // a pour at 67 g/s
        ramp(39.997, 0.8); // a 0.35 kg press ramped on while the pour goes on
        ramp(39.93, 1); // the pour's last second under it
        hold(5);
        assertThat(seen).singleElement().asString().startsWith("drop ");
        assertThat(detector.disturbed()).isTrue();

        hold(15);
        ramp(39.58, 5); // the press eases off at 70 g/s, a faucet's pace
        hold(5);

        assertThat(seen).hasSize(1);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.58, within(0.01));
    }

    @Test
    void a_press_taken_for_eased_off_and_then_lifted_whole_was_on_and_the_fall_under_it_was_a_pour() {
        // issue 12, twelfth round (seed 9039 at 10 SPS): a 0.326 kg knock ramped onto a quarter barrel as a 21.2 oz pour
        // ended; an 11.3 oz pour (0.345 kg) under it at 43 g/s was taken for the knock easing off with the beer it may
        // hold, and the knock lifted whole 4 s later for a lean lifting the keg: the pour was lost, the level 1.06 % high
        aPourEndingUnderA320gPress();
        assertThat(seen).singleElement().asString().startsWith("drop ");
        assertThat(detector.disturbed()).isTrue();

        ramp(39.355, 8); // a pour of 0.345 kg at 43 g/s under the press, as fast as the press could ease off
        hold(5);
        ramp(39.035, 0.3); // the press lifted whole
        hold(5);

        assertThat(seen).hasSize(2);
        assertThat(droppedKg(1)).isCloseTo(0.345, within(0.01));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.035, within(0.01));
    }

    @Test
    void a_press_ramped_on_under_a_pour_and_lifted_whole_later_weighs_what_its_lift_says_not_what_its_step_saw() {
        // issue 12, twenty-fifth round (seed 81025 at 10 SPS, on both bars; the resource holds its filtered weights): a
        // 0.515 kg knock ramped onto a slim quarter 1.3 s into a 16.7 oz pour and stayed 25 s; the weight settled where the
        // pour began and was taken for the knock eased off. Its step, rising while the pour ran, measured 0.416 kg, so its
        // lift was no match for it: the pour was lost, the lift held as a lean lifting the keg, and the level 1.69 % high
        // while DISTURBED
        recorded(13.179, recordedWeights("seed-81025-knock-ramped-on-under-a-pour-lifted-later.txt"), 12.665);
        detector.flushPendingPour();

        assertOnePour(0.514, 0.01);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(12.665, within(0.01));
    }

    @Test
    void a_young_press_easing_off_whole_while_a_knock_ramps_on_is_no_pour_and_the_knock_is_held_as_its_weights_say() {
        // issue 12, twenty-fifth round (seed 81039 at 10 SPS; the resource holds its filtered weights): a 0.647 kg lean on a
        // half barrel eased off over 34 s, and a 0.239 kg knock ramped on 25 s into its ease and stayed 28 s. The knock's
        // step was taken for a load easing off after it, the fall for a 13.4 oz pour under the lean, and the lean held
        // on after the knock went: the level 1.1 % off while DISTURBED
        recorded(72.337, recordedWeights("seed-81039-press-eased-off-under-a-knock-ramped-on.txt"), 72.340);

        assertNothingHappened(72.340);
    }

    @Test
    void a_pour_under_a_young_thing_with_a_glass_set_on_during_it_is_a_pour_though_fall_and_glass_near_the_thing() {
        // review of F3e (twenty-fifth round): a 0.40 kg thing set on, 5 s later a 0.432 kg pour at 60 g/s with a 0.25 kg
        // glass set on 1 s in; the fall (0.182) and the glass's step come within 32 g of the thing, but the glass would
        // then weigh 32 g less than its step measured, and a step rising as a press eases is short, never long
        kg = 40;
        hold(3);
        ramp(40.40, 0.3);
        hold(5);
        loadUnder(7.2, 0.06, t -> t >= 1 ? Math.min(1, (t - 1) / 0.2) * 0.25 : 0);
        hold(10);

        assertOnePour(0.432, 0.02);
        assertThat(detector.disturbed()).isTrue(); // the thing and the glass are on
        assertThat(detector.kegKg()).isCloseTo(40 - 0.432, within(0.02));
    }

    @Test
    void a_slow_pour_begun_with_a_bump_of_the_tap_under_a_lean_lifting_the_keg_is_the_pour_alone() {
        // review (twenty-fifth round): a rule taking a young lean lifting the keg for eased off where the weight rose
        // first and then fell slower than a quarter of a faucet's top rate (seed 78020) was withdrawn for this: a 0.5 kg
        // lean held, the tap handle bumping the keg by 0.08 kg for 0.4 s as a slow 1 oz/s pour (a stout faucet) of
        // 0.36 kg begins; the lean's weight was told as beer
        kg = 40;
        hold(3);
        ramp(39.5, 0.2);
        hold(5);
        loadUnder(12, 0.03, t -> t <= 0.4 ? 0.08 : 0);
        hold(10);

        assertOnePour(0.36, 0.03);
        assertThat(detector.kegKg()).isCloseTo(40 - 0.36, within(0.03));
    }

    @Test
    void a_press_taken_for_eased_off_leaves_the_keg_in_doubt_by_the_press_while_its_lift_may_still_come() {
        // issue 12, thirteenth round (seed 9039 at 10 SPS): the same knock; in the 5 s between the pour under it, taken for
        // the knock easing off, and its lift, a reading sent with another event claimed the keg 1.05 % high
        aPourEndingUnderA320gPress();
        ramp(39.355, 8); // a pour of 0.345 kg at 43 g/s under the press, as fast as the press could ease off
        hold(3);

        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
        assertThat(detector.unseenBeerKg()).isCloseTo(0.32, within(0.03)); // the press may still be on

        hold(30); // a lean's life: no lift came, the press eased off
        assertThat(detector.unseenBeerKg()).isZero();
    }

    @Test
    void two_pours_under_a_thing_set_on_during_the_first_that_weighs_both_are_pours_and_the_thing_stays() {
        // issue 12, thirteenth round (seed 6003 at 10 SPS): a 1.21 kg thing set on a half barrel during a 22.6 oz pour, then
        // a 16.9 oz pour at a faucet's pace settled 1 g from where the first began; taken for the thing gone, both pours
        // were dropped and the level read 2.0 % high. A load goes faster than a faucet pours, or eases off as a lean does
        kg = 40;
        hold(3);
        ramp(39.67, 6); // a pour at 55 g/s
        ramp(40.85, 0.5); // a thing set on while it runs
        ramp(40.52, 6); // the pour goes on
        hold(4);
        ramp(40.00, 11); // a second pour, 47 g/s
        hold(40);

        assertThat(seen).hasSize(2);
        assertThat(droppedKg(0) + droppedKg(1)).isCloseTo(1.18, within(0.03));
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(38.82, within(0.03));
    }

    @Test
    void a_press_stepped_on_during_a_pour_that_settles_above_the_weight_before_its_step_is_still_on() {
        // issue 12, twelfth round (seed 10027 at 10 SPS on the bar of steps): a 0.472 kg knock came on 3 s into a 19.4 oz
        // pour on a slim quarter; the pour ran on under it, the knock was taken for eased off slowly and a 3.8 oz pour
        // reported, the level claimed 1.58 % high: beer never comes back, and the weight settled 77 g above where it
        // stood just before the knock's step
        kg = 40;
        hold(3);
        ramp(39.82, 3); // a pour at 60 g/s
        ramp(40.29, 0.1); // a 0.47 kg press in a step
        ramp(39.885, 6.5); // the pour runs on under it
        hold(5);
        assertOnePour(0.585, 0.02);
        assertThat(detector.disturbed()).isTrue();

        ramp(39.415, 0.1); // the press lifted
        hold(5);

        assertThat(seen).hasSize(1);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.415, within(0.01));
    }

    @Test
    void a_pour_right_after_a_knock_is_its_own_pour() {
        // the knock's episode ends on the plateau before the pour: one episode with both would be disturbed
        kg = 40;
        hold(3);
        ramp(46.28, 0.2); // a 10 s press
        hold(9.6);
        ramp(40, 0.2);
        hold(1.3); // as flat as a plateau, not settled

        ramp(39.5, 8); // a pour
        hold(3);

        assertOnePour(0.5, 0.005);
        assertThat(detector.disturbed()).isFalse();
    }

    @Test
    void a_pour_right_after_a_knock_lifting_the_keg_went_back_is_one_pour_from_where_the_weight_stood() {
        // issue 12, twelfth round (seed 5004 at 80 SPS on the bar of steps): a knock lifted a sixth barrel by 0.346 kg for
        // 2 s and a 15.0 oz pour began as it went; the pour's fall below the knock's plateau closed the episode on that
        // plateau, and the knock's lift was reported as an 11.2 oz pour and the rest of the pour as a false 3.9 oz one
        kg = 20;
        hold(3);
        ramp(19.654, 0.1); // the knock lifts the keg
        hold(1.8); // past a plateau's half settle, short of settling
        ramp(20, 0.1); // and goes
        ramp(19.535, 7.8); // a 0.465 kg pour at 60 g/s
        hold(3);

        assertOnePourAndNothingHeld(0.465, 0.01, 19.535);
    }

    @Test
    void two_pours_three_seconds_apart_are_two_drops() {
        kg = 40;
        hold(3);

        ramp(39.7, 5);
        hold(3);
        ramp(39.4, 5);
        hold(3);

        assertThat(seen).hasSize(2);
        assertThat(seen.get(0)).endsWith(" 0.300");
        assertThat(seen.get(1)).endsWith(" 0.300");
    }

    @Test
    void lifting_the_keg_is_absent_and_a_different_keg_set_down_is_new() {
        kg = 25;
        hold(3);

        ramp(0.2, 0.5);
        hold(30);
        assertThat(detector.phase()).isEqualTo(Phase.ABSENT);
        ramp(73.0, 0.5);
        hold(3);

        assertThat(seen).containsExactly("absent", "new keg 73.000");
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    @Test
    void a_knock_that_comes_on_as_the_keg_is_set_back_and_goes_within_a_leans_life_is_no_new_keg() {
        // issue 12, nineteenth round (seed 54008 at 80 SPS, a false swap and the level 10 % off for hours): a half
        // barrel lifted 100 s was set back, a 5.9 kg knock ramped on 1.4 s later and stood 12 s: it settled heavier
        // than the keg by more than same_keg_kg and was a new keg
        kg = 60;
        hold(3);
        ramp(0.2, 0.5);
        hold(100);
        ramp(60, 0.5); // set back
        ramp(65.9, 1.0); // and knocked before it settled
        hold(11);
        ramp(60, 1.0);
        hold(40);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.kegKg()).isCloseTo(60, within(0.01));
        assertThat(detector.disturbed()).isFalse();
    }

    @Test
    void a_keg_set_down_a_lean_heavier_than_the_one_lifted_a_moment_ago_is_new_once_it_stood_a_leans_life() {
        // it may be the old keg set back with a knock on it (above); a keg set down stands for hours
        kg = 25;
        hold(3);
        ramp(0.2, 0.5);
        hold(60);
        ramp(35, 0.5);
        hold(3);
        assertThat(seen).containsExactly("absent");

        hold(30);

        assertThat(seen).containsExactly("absent", "new keg 35.000");
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    @Test
    void the_same_keg_set_back_is_not_a_swap() {
        kg = 25;
        hold(3);

        ramp(0.2, 0.5);
        hold(10);
        ramp(25.1, 0.5);
        hold(3);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    @Test
    void the_same_keg_set_back_after_a_lift_of_nearly_two_minutes_is_not_a_swap() {
        // a keg lifted to wipe the platform or change its coupler is back within same_keg_max_empty (2 min)
        keg27KgLiftedAndSetDown(110, 27.75);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.kegKg()).isCloseTo(27.75, within(0.01));
    }

    @Test
    void a_keg_that_weighs_what_the_old_one_did_set_down_after_the_platform_stood_empty_longer_than_a_lift_is_a_new_keg() {
        // Guards issue 12, nineteenth round (seed 50010 at 80 SPS on the bar of steps, 8 % off for hours): a quarter
        // barrel at 59 % was swapped out and, after 6 minutes, a full sixth barrel 0.23 kg heavier set down; within
        // same_keg_kg of the old keg's weight, it was taken for that keg set back and kept its measured tare
        keg27KgLiftedAndSetDown(360, 27.93);

        assertThat(seen).containsExactly("absent", "new keg 27.930");
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    /** A 27.7 kg keg stands, is lifted, the platform stays empty {@code emptyS} and a keg of {@code downKg} is set down. */
    void keg27KgLiftedAndSetDown(double emptyS, double downKg) {
        kg = 27.7;
        hold(3);
        ramp(0.2, 0.5);
        hold(emptyS);
        ramp(downKg, 0.5);
        hold(3);
    }

    @Test
    void a_knock_that_settles_and_is_then_lifted_at_once_is_not_a_pour() {
        // Guards issue 12 (seed 20261322 life 39, a +0.25 kg knock of 2.2 s became an 8.2 oz pour): the
        // fall when the knock ended was timed from the last sample near the weight before the knock,
        // so the instant fall looked as slow as a faucet's over those seconds.
        kg = 40;
        hold(3);

        ramp(40.25, 0.1);
        holdUntil(Phase.STABLE); // settled on the knocked weight, and the knock ends at once
        ramp(40, 0.1);
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_lean_released_during_a_pour_that_took_as_much_is_gone_and_the_keg_is_its_weight_after() {
        // Guards issue 12 (seed 20261122 life 28, 3.4 % off for hours): a 0.7 kg lean settled, a pour
        // began under it and the lean was released meanwhile; the weight settled where the episode
        // began, so nothing seemed to happen and the lean was held on the keg's weight for good.
        kg = 40;
        hold(3);
        ramp(39.3, 0.2); // someone leans on the keg, lifting 0.7 kg of it
        hold(3);

        ramp(39.1, 2); // a pour starts
        ramp(39.8, 0.2); // the lean is released while it goes on
        ramp(39.3, 5);
        hold(5);

        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.3, within(0.01));
    }

    @Test
    void a_pour_under_a_press_that_stays_is_the_beer_not_the_net_fall_and_the_press_is_held_until_lifted() {
        // Guards issue 12 (seed 20261322 life 6, 2.4 % off for hours): a 0.46 kg press came on, an 18.8 oz pour
        // (0.56 kg) ran under it and the weight settled with the press still on; the 0.1 kg net fall was
        // reported as a 3.5 oz pour, and when the press was lifted its fall was taken for a lean held on for good.
        // Round four held the weight and reported nothing; the press's step tells it from the beer (round five).
        aPourOf560gUnderA460gPress();
        hold(5); // settles with the press still on

        assertOnePour(0.56, 0.01); // the beer, not the 0.1 kg net fall
        assertThat(detector.disturbed()).isTrue(); // the press is still on the keg
        assertThat(detector.kegKg()).isCloseTo(39.44, within(0.01));

        ramp(39.44, 0.3); // the press is lifted
        hold(5);

        assertThat(seen).hasSize(1);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.44, within(0.01));
    }

    @Test
    void a_lean_that_comes_on_during_a_pour_and_stays_is_no_beer_the_pour_is_and_the_keg_is_clear_once_it_is_lifted() {
        // Guards issue 12 (seed 20261122 life 24 at 10 SPS, 0.8 % low for 10 s, then held): a 0.44 kg lean came
        // on during a 13.7 oz pour and stayed after it; the beer and the lean were reported as one 28.6 oz pour,
        // and when the lean was lifted its rise was taken for a load set on the keg and held. Round four ended
        // the episode disturbed and lost the pour (5 of 16 775 true pours); the lean's step is now told from
        // the beer (round five).
        kg = 40;
        hold(3);
        ramp(39.75, 4.5); // a pour of 55 g/s
        ramp(39.31, 0.1); // someone leans on the keg, lifting 0.44 kg of it
        ramp(39.15, 3); // the pour goes on: 0.41 kg of beer in all
        hold(5); // settles with the lean still on

        assertOnePour(0.41, 0.01); // the beer, not beer and lean together
        assertThat(detector.disturbed()).isTrue(); // the lean is still on
        assertThat(detector.kegKg()).isCloseTo(39.59, within(0.01));

        ramp(39.59, 0.1); // the lean is lifted
        hold(5);

        assertThat(seen).hasSize(1);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.59, within(0.01));
    }

    @Test
    void a_press_that_comes_on_during_a_pour_and_stays_is_no_short_pour_and_is_held_until_lifted() {
        // issue 12, round five: a 0.25 kg press came on after 0.3 kg had been poured and stayed; the weight never
        // rose above where the pour began, so the fall less the press (0.2 kg) was reported as the pour and the
        // press was counted as beer left in the keg
        pourWithALoadThatComesOnAndStays(39.95, 39.8, 0.45);
    }

    @Test
    void a_heavy_lean_that_comes_on_during_a_pour_and_stays_leaves_the_pour() {
        // faster than a faucet as a whole (a 5 kg lean in a moment): the episode was a disturbance and the pour lost
        pourWithALoadThatComesOnAndStays(34.7, 34.5, 0.5);
    }

    @Test
    void a_press_ramped_on_during_a_pour_too_slowly_for_a_step_that_holds_the_weight_back_where_it_began_leaves_the_pour() {
        // Guards issue 12, twenty-second round (seed 62003 at 10 SPS): a 0.382 kg lean came on over about a second 0.8 s
        // into a 13.6 oz pour (0.415 kg) and stayed. The steps measured no step; the episode settled 34 g under its start
        // and was taken for nothing: the pour was lost and the level claimed 0.65 % high, undisturbed, until the lean eased.
        // The resource holds its filtered weights.
        recorded(57.454, recordedWeights("seed-62003-lean-ramped-on-during-a-pour.txt"), 57.420);

        assertOnePour(0.42, 0.02);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(57.454 - 0.415, within(0.02));
    }

    @Test
    void a_pour_ending_as_a_knock_ramped_on_that_lands_the_weight_short_of_its_start_is_a_pour_and_a_press() {
        // Guards issue 12, twenty-third round (seed 65004 at 80 SPS): a 15.1 oz pour (0.45 kg) on a quarter barrel ended as
        // a 0.423 kg knock ramped on; the weight settled 31 g under its start and was taken for nothing (a lift let go
        // lands back within the drift of the windows that measure it, 12 g): the pour was lost, the level claimed 1.45 %
        // high and undisturbed for the 26 s the knock stayed, and its lifting was held as a lean. The resource holds its
        // filtered weights: the knock on (to 20 s in), then a 10.7 oz pour under it, then its lifting.
        double[] weights = recordedWeights("seed-65004-pour-ending-as-a-knock-ramped-on.txt");
        recordedAtEightySps(37.923, java.util.Arrays.copyOf(weights, 20 * 80), Double.NaN);

        assertOnePour(0.45, 0.02);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(37.923 - 0.45, within(0.02));

        seen.clear();
        recordedAtEightySps(37.923, weights, 37.148);
        detector.flushPendingPour();

        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0)).isCloseTo(0.45, within(0.02));
        assertThat(droppedKg(1)).isCloseTo(0.32, within(0.02));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(37.148, within(0.01));
    }

    @Test
    void a_press_easing_off_slower_than_a_faucet_pours_is_no_pour_even_where_a_window_stands_in_its_ease() {
        // issue 12, twenty-fourth round (seed 72018 at 80 SPS; the resource holds its filtered weights): a 0.204 kg lean
        // came on a sixth barrel in a step and eased off over 17.6 s at 12-15 g/s. A stability window stood 7.4 s into
        // the ease, and its first 0.111 kg was told as a 3.6 oz pour under the lean, which stayed held while the rest of
        // the ease crept the settled weight back to the keg: the level 0.99 % off while DISTURBED
        recordedAtEightySps(25.996, recordedWeights("seed-72018-press-easing-slower-than-a-faucet.txt"), 25.996);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(25.996, within(0.01));
    }

    @Test
    void a_pour_under_a_knock_lifting_the_keg_that_came_during_the_pour_before_gives_that_pour_none_of_the_knock() {
        // issue 12, twenty-fourth round (seed 7005 at 10 SPS; found by the new row of pours told more than 2 oz off): a
        // 9.37 kg knock lifted a sixth barrel 4 s into a 20.5 oz pour, held back as a pour under a load; the next pour,
        // under the knock, took the knock for a press eased off with more than its weight (a lift is lighter than nothing,
        // so any fall is "more"), and gave the pour held back the knock's weight: told as 330 oz
        kg = 30;
        hold(3);
        loadUnder(4, 0.06, t -> 0);
        loadUnder(6, 0.06, t -> t < 0.1 ? -9.4 * t / 0.1 : -9.4); // 0.6 kg in all, the knock on 4 s in
        hold(5);
        loadUnder(7, 0.06, t -> 0); // 0.42 kg under the knock
        hold(5);
        ramp(kg + 9.4, 0.1); // the knock goes
        hold(5);
        detector.flushPendingPour();

        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0)).isCloseTo(0.6, within(0.03));
        assertThat(droppedKg(1)).isCloseTo(0.42, within(0.03));
        assertThat(detector.kegKg()).isCloseTo(30 - 1.02, within(0.03));
    }

    /** A keg settled at 26 kg, a 0.5 kg press set on, and 3 s later a 0.238 kg pour at 0.8 oz/s under it (24 g/s). */
    void aPourSlowerThanAFaucetUnderAYoungPress() {
        aPourUnderAYoungPress(0.024);
    }

    /** A keg settled at 26 kg, a 0.5 kg press set on, and 3 s later a 0.238 kg pour at {@code kgPerS} under it. */
    void aPourUnderAYoungPress(double kgPerS) {
        kg = 26;
        hold(3);
        ramp(26.5, 0.1);
        hold(3);
        loadUnder(0.238 / kgPerS, kgPerS, t -> 0);
    }

    @Test
    void a_pour_slower_than_a_faucet_under_a_young_press_that_then_eases_off_whole_is_the_pour_not_the_press() {
        // guards the twenty-fourth round's rule (from its review): a pour at 0.8 oz/s, slower than the rule's bound, under a
        // 0.5 kg press that eases off whole after it; the rule's first form took the pour for part of the ease and then
        // told the press's own weight as the pour
        aPourSlowerThanAFaucetUnderAYoungPress();
        hold(3);
        ramp(kg - 0.5, 33.3); // the press eases off whole at 15 g/s
        hold(5);
        detector.flushPendingPour();

        assertOnePour(0.238, 0.02);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(26 - 0.238, within(0.02));
    }

    @Test
    void a_slow_pour_under_a_thing_set_down_is_beer_and_the_thing_stays() {
        // guards the twenty-fourth round's rule: at 1.2 oz/s (36 g/s, over its bound; the simulator's faucets run 2 oz/s
        // +- 15 %) the pour is told at once; at 0.8 oz/s (24 g/s, under it; from its review) it is held back as the thing
        // easing and told once a lean's life shows the weight did not come back to where it stood before the thing, the
        // thing whole again
        for (double kgPerS : new double[] {0.036, 0.024}) {
            setUp();
            seen.clear();
            aPourUnderAYoungPress(kgPerS);
            hold(35);

            assertOnePour(0.238, 0.02);
            assertThat(detector.disturbed()).isTrue();
            assertThat(detector.kegKg()).isCloseTo(26 - 0.238, within(0.02));
        }
    }

    @Test
    void a_pour_slower_than_a_faucet_under_a_thing_then_lifted_in_a_step_is_beer_and_nothing_stays() {
        aPourSlowerThanAFaucetUnderAYoungPress();
        hold(5);
        ramp(kg - 0.5, 0.1); // the thing lifted
        hold(5);
        detector.flushPendingPour();

        assertOnePour(0.238, 0.02);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(26 - 0.238, within(0.02));
    }

    @Test
    void a_young_lean_lifting_the_keg_may_ease_off_under_a_pour_so_no_keg_weight_is_claimed_from_it_meanwhile() {
        // Guards issue 12, twenty-third round (seed 65041 at 10 SPS): a 0.413 kg lean lifting a half barrel eased off over
        // 16 s under two pours of 21.4 and 21.1 oz, its rise hidden by their beer. 20 s into them a reading took the lean
        // for still on and claimed a level 0.78 % high. The resource holds its filtered weights; this is up to that reading.
        double[] weights = recordedWeights("seed-65041-lean-lifting-eased-under-two-pours.txt");
        kg = 38.764;
        hold(3);
        for (double weight : java.util.Arrays.copyOf(weights, 281)) {
            ramp(weight, 0.1);
        }

        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg() - detector.unseenBeerKg()).isLessThanOrEqualTo(weights[280] + 0.02); // the lean gone
    }

    @Test
    void a_lean_lifting_the_keg_that_rose_back_whole_between_two_pours_is_gone_and_the_beer_its_ease_hid_is_counted() {
        // Guards issue 12, twenty-third round (seed 65041 at 10 SPS): the lean's 0.41 kg rise between the two pours was
        // drawn down again by the second, and the episode settled at its low: the two were told as one pour of 0.84 kg
        // and the lean held a minute more. The beer is the fall and the lean together, 1.26 kg; nothing is held.
        recorded(38.764, recordedWeights("seed-65041-lean-lifting-eased-under-two-pours.txt"), 37.503);
        detector.flushPendingPour();

        assertThat(seen).isNotEmpty().allMatch(event -> event.startsWith("drop "));
        assertThat(seen.stream().mapToDouble(event -> Double.parseDouble(event.split(" ")[2])).sum())
                .isCloseTo(0.636 + 0.627, within(0.03));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(37.503, within(0.01));
    }

    @Test
    void a_second_pour_under_a_lean_on_at_a_pours_end_a_little_lighter_than_the_lean_is_beer_and_the_lean_stays() {
        // a review's case against easedOff's shortfall by the pour held back: a second pour under the lean, 0.1 kg short
        // of it, is beer, and the lean is let go after it
        aSecondPourUnderALeanOnAtAPoursEnd(0.5);
        ramp(kg - 0.6, 0.3); // the lean let go
        hold(5);

        assertTheTwoPoursAndNothingHeld(0.5);
    }

    @Test
    void a_second_pour_under_a_lean_on_at_a_pours_end_a_little_lighter_than_the_lean_and_then_its_ease_are_both_told() {
        // the same, the lean easing off over 8 s after the second pour
        aSecondPourUnderALeanOnAtAPoursEnd(0.5);
        ramp(kg - 0.6, 8);
        hold(5);

        assertTheTwoPoursAndNothingHeld(0.5);
    }

    @Test
    void a_second_pour_under_a_lean_on_at_a_pours_end_0_07_kg_lighter_than_the_lean_is_beer_and_both_pours_stay_whole() {
        // a review's case against a band below a press for its step's share of the pour it ran across (taken out again): a
        // second pour 0.07 kg short of the lean was taken for its ease and the first pour cut by the shortfall; the lean
        // let go 3 s later leaves both pours whole and nothing held
        aSecondPourUnderALeanOnAtAPoursEnd(0.53);
        ramp(kg - 0.6, 0.3);
        hold(5);
        detector.flushPendingPour();

        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0) + droppedKg(1)).isCloseTo(0.312 + 0.53, within(0.02));
        assertThat(droppedKg(1)).isCloseTo(0.53, within(0.02));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40 - 0.842, within(0.01));
    }

    @Test
    void a_pour_under_a_thing_set_on_at_a_pours_end_a_little_lighter_than_the_thing_is_beer_and_the_thing_stays() {
        // a band below a press's step for the beer the step may have taken from the pour it ran across took a 0.549 kg pour
        // under a 0.628 kg thing left on for 1.6 h for the thing easing off (seed 9020 at 80 SPS), the level 1.1 % off
        aSecondPourUnderALeanOnAtAPoursEnd(0.53);
        hold(60);
        detector.flushPendingPour();

        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(1)).isCloseTo(0.53, within(0.02));
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40 - 0.312 - 0.53, within(0.02));
    }

    @Test
    void a_pour_under_a_press_taken_for_its_ease_with_beer_its_step_hid_gives_that_beer_back_when_the_press_is_lifted() {
        // a 0.4 kg press ramped on over 0.5 s during a 0.65 kg pour, its step hiding some beer; a 0.48 kg pour under it
        // 4 s later is taken for the press easing off with that beer, which goes to the first pour; the press lifted 4 s
        // after shows the fall was beer, and the first pour gets back what the ease gave it (it was told 0.73 kg)
        aPourUnderAPressTakenForItsEaseThenThePressLifted(4);

        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0)).isCloseTo(0.65, within(0.02));
        assertThat(droppedKg(1)).isCloseTo(0.48, within(0.02));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40 - 0.65 - 0.48, within(0.01));
    }

    @Test
    void a_pour_under_a_press_taken_for_its_ease_lifted_after_the_first_pour_was_told_tells_the_late_pour_less_what_it_gave() {
        // the same, the press lifted 22 s after its ease, when the first pour, held back a lean's life, was told with the
        // beer the ease gave it: the late pour is told less that beer, so the beer told is what the keg lost
        aPourUnderAPressTakenForItsEaseThenThePressLifted(22);

        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0)).isGreaterThan(0.65 + 0.02); // told before the lift showed the press on
        assertThat(droppedKg(0) + droppedKg(1)).isCloseTo(0.65 + 0.48, within(0.02));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40 - 0.65 - 0.48, within(0.01));
    }

    /**
     * A keg at 40 kg, a 0.65 kg pour with a 0.4 kg press ramped on over 0.5 s 3 s into it, a 0.48 kg pour under the press
     * 4 s after, the press lifted {@code liftAfterS} s after that, and the last pour held back told.
     */
    void aPourUnderAPressTakenForItsEaseThenThePressLifted(double liftAfterS) {
        kg = 40;
        hold(3);
        ramp(39.7, 3);
        ramp(kg - 0.05 + 0.4, 0.5);
        ramp(kg - 0.3, 3);
        hold(4);
        ramp(kg - 0.48, 0.48 / 0.07);
        hold(liftAfterS);
        ramp(kg - 0.4, 0.2);
        hold(5);
        detector.flushPendingPour();
    }

    /** Both pours of {@link #aSecondPourUnderALeanOnAtAPoursEnd} told, the second {@code pourKg}, and nothing held. */
    void assertTheTwoPoursAndNothingHeld(double pourKg) {
        detector.flushPendingPour();
        assertThat(seen).hasSize(2).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0)).isCloseTo(0.312, within(0.02));
        assertThat(droppedKg(1)).isCloseTo(pourKg, within(0.02));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40 - 0.312 - pourKg, within(0.01));
    }

    /** A keg at 40 kg, a 0.312 kg pour at 60 g/s with a 0.6 kg lean ramped on as its last 36 g ran, then 4 s later a second pour of {@code pourKg} under the lean. */
    void aSecondPourUnderALeanOnAtAPoursEnd(double pourKg) {
        kg = 40;
        hold(3);
        ramp(39.724, 4.6);
        ramp(39.724 - 0.036 + 0.6, 0.6);
        hold(4);
        ramp(kg - pourKg, pourKg / 0.06);
        hold(3);
    }

    @Test
    void a_knock_lifting_the_keg_that_came_as_a_knock_went_and_is_let_go_back_to_the_keg_alone_is_nothing() {
        // Guards issue 12, twenty-third round (seeds 69011 and 70019 at 10 SPS on the bar of steps): a 0.23 kg knock came on
        // and, as it went, a knock lifting the keg by 9.46 kg came; held as a lift on the first knock, its going, let go in
        // a moment back to the keg alone, was taken for a lean easing off with the first knock's weight of beer under it:
        // a false 7.5 oz pour, and the first knock held on
        kg = 35.046;
        hold(3);
        ramp(35.277, 0.2);
        hold(2.3);
        ramp(25.585, 0.3);
        hold(17);
        ramp(35.046, 0.3);
        hold(5);

        assertNothingHappened(35.046);
    }

    @Test
    void a_knock_taken_for_eased_off_may_still_be_on_through_the_next_pour_so_no_level_is_claimed_without_it() {
        // Guards issue 12, twenty-third round (seed 69008 at 80 SPS on the bar of steps): a 0.213 kg knock came on a slim
        // quarter 2.9 s into a 10.9 oz pour (0.337 kg) and stayed 26 s; the pour after its step brought the weight back to
        // where it stood before the step, so the knock was taken for eased off; after the next pour, beer alone, a reading
        // took the keg as the weight and claimed a level 0.72 % high, undisturbed
        kg = 16.7285;
        hold(3);
        ramp(16.7285 - 0.155, 2.9);
        ramp(kg + 0.213, 0.1);
        ramp(kg - 0.182, 3.4);
        hold(5);
        ramp(kg - 0.687, 11.8);
        hold(2.5);

        double kegNow = 16.7285 - 0.337 - 0.687; // the knock still on
        assertThat(detector.kegKg() - detector.unseenBeerKg()).isLessThanOrEqualTo(kegNow + 0.02);
    }

    @Test
    void a_press_that_rose_and_eased_back_off_with_no_pour_under_it_is_nothing() {
        // the counterpart: the same rise with no fall before it (no pour was under way when it came) is a press gone again
        kg = 40;
        hold(3);
        ramp(40.4, 1);
        ramp(40.0, 0.4 / 0.05);
        hold(5);

        assertNothingHappened(40);
    }

    @Test
    void a_press_that_comes_on_during_a_pour_and_holds_the_weight_back_where_it_began_leaves_the_pour() {
        // issue 12, eleventh round (seed 12024 at 80 SPS on the bar of steps): a 0.525 kg knock came on 7 s into an
        // 18.5 oz pour (0.557 kg) and stayed; the episode settled 32 g under its start and was taken for the knock gone
        // and nothing happened: the pour was lost and the level claimed 1.7 % high until the knock went
        pourWithALoadThatComesOnAndStays(40.0, 39.97, 0.33);
    }

    /**
     * From 40 kg a pour of 60 g/s for 5 s, then a load that steps the weight to {@code steppedKg} in a sample and
     * stays while the pour goes on to {@code endKg}, {@code beerKg} in all; the weight settles, then the load is
     * lifted. The pour is the beer, the load is held as foreign while on, and the keg is clear once it is lifted.
     */
    void pourWithALoadThatComesOnAndStays(double steppedKg, double endKg, double beerKg) {
        kg = 40;
        hold(3);
        ramp(39.7, 5);
        ramp(steppedKg, 0.1);
        ramp(endKg, (steppedKg - endKg) / 0.06);
        hold(5); // settles with the load still on

        assertOnePour(beerKg, 0.01);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40 - beerKg, within(0.01));

        ramp(40 - beerKg, 0.1); // the load is lifted
        hold(5);

        assertThat(seen).hasSize(1);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40 - beerKg, within(0.01));
    }

    @Test
    void a_small_press_during_a_pour_is_told_from_the_beer_while_it_is_on() {
        // Guards issue 12 (seed 20261322 life 36 at 10 SPS, a claimed level 0.74 % off): a 0.2 kg press during a
        // pour left the weight below where the pour began, so a reading taken meanwhile took the pressed weight
        // for the keg's; a rise while beer flows is never beer. Round five held the weight from before the pour
        // (0.4 kg of beer ago); the sixth takes the press's step off the weight (a reading 1.6 % high on a sixth
        // barrel otherwise).
        kg = 40;
        hold(3);
        ramp(39.7, 5); // a pour of 60 g/s
        ramp(39.9, 0.1); // a hand presses 0.2 kg onto the keg
        ramp(39.8, 1.7); // the pour goes on

        assertThat(detector.phase()).isNotEqualTo(Phase.STABLE);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(39.6, within(0.01)); // not 39.8, the press on it, nor 40, before the pour
        assertThat(detector.unseenBeerKg()).isZero();
    }

    @Test
    void the_keg_under_a_crate_follows_each_pour_drawn_under_it_while_it_runs() {
        // issue 12, sixth round (seed 1036 at 80 SPS, a sixth barrel 2.2 % high): under a crate left on the keg a
        // pour held the keg's weight from before it until the weight settled, so a reading in the middle of the
        // pour missed the beer drawn so far. The crate rests and does not move: the fall is beer.
        aKegAt40WithALoadOn(5); // a crate

        ramp(44.76, 4); // a pour of 60 g/s under it, halfway
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(39.76, within(0.005));
        assertThat(detector.unseenBeerKg()).isZero();
        ramp(44.5, 4.3);
        hold(5);
        assertThat(detector.kegKg()).isCloseTo(39.5, within(0.005));

        ramp(44.2, 5); // a second pour under it, most of the way
        assertThat(detector.kegKg()).isCloseTo(39.2, within(0.005));
        ramp(44.1, 1.7);
        hold(5);

        assertThat(seen).hasSize(2).allSatisfy(e -> assertThat(e).startsWith("drop "));
        assertThat(droppedKg(0)).isCloseTo(0.5, within(0.005));
        assertThat(droppedKg(1)).isCloseTo(0.4, within(0.005));
        assertThat(detector.disturbed()).isTrue(); // the crate is still on
        assertThat(detector.kegKg()).isCloseTo(39.1, within(0.005));
    }

    @Test
    void a_lean_that_rocks_all_through_a_pour_holds_the_weight_before_it_and_says_how_much_beer_that_may_miss() {
        // issue 12, sixth round: where a load's steps cannot be measured (it moves all the time) the keg's weight
        // from before the episode is held, and the beer a faucet could have drawn since is what that may miss
        kg = 40;
        hold(3);
        long pourFromMs = ms;
        ramp(39.8, 3); // a pour of 67 g/s
        for (int i = 1; i <= 50; i++) { // someone leans on the keg and rocks it, 0.3 or 0.8 kg off it by turns each 0.5 s
            double lean = (i / 5) % 2 == 0 ? 0.3 : 0.8;
            ms += 100;
            double weight = 39.8 - 0.067 * i / 10 - lean;
            window.add(weight);
            detector.accept(ms, weight, window);
        }

        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.005));
        // pour_start_kg and max_pour_oz_per_s for the episode so far: from the pour's start (found within a second)
        double faucetSince = config.pourStartKg() + config.maxPourKgPerMs() * (ms - pourFromMs);
        assertThat(detector.unseenBeerKg()).isBetween(faucetSince - config.maxPourKgPerMs() * 1000, faucetSince);
    }

    @Test
    void a_keg_told_by_the_steps_of_a_long_ramp_under_a_pour_may_hold_the_beer_drawn_in_its_run() {
        // Guards issue 12, fifteenth round (seed 23006 at 80 SPS): an 11.7 kg press held on a quarter barrel eased off over
        // 9.4 s with a pour beginning under the second half of its ease; the steps measured the ease 0.23 kg heavier than
        // the press (the beer in its run), and a reading 2.6 s later, the pour going on, claimed a level 0.78 % high. A
        // step's lines hold a pour that ran through its run, not one that began within it: the keg may be lighter by what
        // a faucet draws over the run.
        aKegAt40WithALoadOn(11.7); // a press
        ramp(40 + 11.7 / 2, 4.7); // eases off
        ramp(40 - 0.14, 4.7); // a pour under the rest of its ease
        ramp(40 - 0.3, 2.6); // the pour goes on

        assertThat(detector.phase()).isNotEqualTo(Phase.STABLE);
        // what a faucet draws over the ease's 9.4 s run, no more
        assertThat(detector.unseenBeerKg()).isBetween(config.maxPourKgPerMs() * 9_000, config.maxPourKgPerMs() * 9_500);
    }

    @Test
    void a_bag_set_down_slowly_during_a_pour_may_hold_its_beer_and_says_how_much_until_it_is_lifted() {
        // issue 12, sixth round: a load that comes on slower than a step during a pour is no step, so its weight and
        // the beer drawn meanwhile cannot be told apart; the load held on the keg then holds the beer, and the keg's
        // weight under it may be lighter by what a faucet could have drawn in the episode
        kg = 40;
        hold(3);
        ramp(39.82, 3); // a pour of 60 g/s
        ramp(40.70, 2); // a 1 kg bag set down over 2 s while it goes on (0.12 kg more beer)
        ramp(40.58, 2); // and 2 s more: 0.42 kg of beer in all
        hold(5);

        // the bag and the beer are one load of 0.58 kg: the keg is held at 40 kg, 0.42 kg heavier than it is
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
        assertThat(detector.unseenBeerKg()).isGreaterThanOrEqualTo(0.42)
                .isLessThanOrEqualTo(config.pourStartKg() + config.maxPourKgPerMs() * 8_000);

        ramp(39.58, 0.3); // the bag lifted: the keg is its weight again, nothing unseen
        hold(5);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.58, within(0.01));
        assertThat(detector.unseenBeerKg()).isZero();
    }

    /** A pour of 60 g/s (2 oz/s of a 1.014 beer: seed 000's faucet) from {@link #kg} over {@code seconds}, with {@code loadKg(t)} on the keg. */
    void pourUnder(double seconds, java.util.function.DoubleUnaryOperator loadKg) {
        follow(seconds, t -> -0.06 * t + loadKg.applyAsDouble(t));
    }

    @Test
    void a_press_ramped_on_and_left_on_during_a_pour_is_told_from_the_beer_by_the_weights_either_side_of_its_ramp() {
        // issue 12, seventh round: a real hand or crate comes on over 0.1-1 s, not in a sample; the weights next to
        // the steepest point of an 0.8 s ramp are still on the ramp, and a line fitted to them took part of the load
        // for beer
        for (double loadKg : new double[] {2.5, -2.5}) {
            setUp();
            seen.clear();
            kg = 40;
            hold(3);
            pourUnder(3, t -> 0); // 0.18 kg
            pourUnder(5, t -> loadKg * Math.min(1, t / 0.8)); // a load comes on over 0.8 s while the pour goes on: 0.3 kg
            hold(5);

            assertOnePour(0.48, 0.03); // 1 oz
            ramp(kg - loadKg, 0.8); // the load goes, over 0.8 s as well
            hold(5);
            assertThat(seen).hasSize(1);
            assertThat(detector.disturbed()).isFalse();
            assertThat(detector.kegKg()).isCloseTo(39.52, within(0.03));
        }
    }

    @Test
    void a_lean_rocked_all_through_a_pour_is_its_mean_and_leaves_the_pour_and_no_phantom_lean() {
        // issue 12, sixth round's limit: a lean rocked by 0.5 kg every 0.5 s for 10 s during a pour closed an
        // episode on a "plateau" in the middle of the rocking; the next episode's steps summed to a lean of
        // -0.65 kg that was not there and the pour was reported as 7.4 oz of 29 oz
        kg = 40;
        hold(3);
        pourUnder(3, t -> 0);
        pourUnder(10, t -> -Math.min(1, t / 0.5) * Math.min(1, (10 - t) / 0.5) * (0.8 + 0.5 * Math.sin(2 * Math.PI * t)));
        pourUnder(2, t -> 0); // 15 s of 60 g/s: 0.9 kg, 29.5 oz
        hold(5);

        assertOnePour(0.9, 0.03);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.1, within(0.03));
    }

    @Test
    void a_lean_easing_off_over_ten_seconds_during_a_pour_is_the_lean_going_not_beer() {
        // issue 12, seventh round: a lean that eases off slower than a faucet pours is no step; the fall it leaves
        // undoes the lean's known step and is the lean going, up to the lean's own weight
        for (double leanKg : new double[] {1.0, -1.0}) {
            setUp();
            seen.clear();
            kg = 40;
            hold(3);
            pourUnder(2, t -> 0);
            pourUnder(13, t -> leanKg * Math.min(1, t / 0.5) * Math.min(1, (13 - t) / 10)); // on in 0.5 s, off over 10 s
            pourUnder(1, t -> 0); // 16 s of 60 g/s: 0.96 kg
            hold(5);

            assertOnePour(0.96, 0.03);
            assertThat(detector.kegKg()).isCloseTo(39.04, within(0.03));
            if (leanKg < 0) {
                // the lean lifting the keg rose back by less than itself, the beer under it hiding the rest: it may
                // still be on until a lean's life and its ease have passed since it came on (ninth round)
                assertThat(detector.disturbed()).isTrue();
                // 1 kg less the 0.16 kg the weight rose since its step (38.88 kg, the pour at 2 s, to 39.04 kg)
                assertThat(detector.easedUnseenKg()).isCloseTo(0.84, within(0.03));
                hold(45);
                assertThat(detector.easedUnseenKg()).isZero();
            }
            assertThat(detector.disturbed()).isFalse();
            assertThat(detector.kegKg()).isCloseTo(39.04, within(0.03));
        }
    }

    @Test
    void a_lean_that_eases_off_slower_than_a_faucet_pours_is_no_pour_whether_held_a_while_or_not() {
        // issue 12, seventh round: a 0.6 kg press held 3 s settles as a load on the keg, and eased off over 9 s
        // (67 g/s, no faster than a faucet) its fall was reported as a 21 oz pour; held 0.5 s it is one episode whose
        // step said a load stayed, so the weight's return was taken for 21 oz of beer under it (seed 24 at 10 SPS).
        // A lean lasts at most half a minute (issue 12): a young press that falls all the way off is the lean going
        for (double heldS : new double[] {3, 0.5}) {
            setUp();
            seen.clear();
            kg = 40;
            hold(3);
            ramp(40.6, 0.2);
            hold(heldS);
            ramp(40, 9);
            hold(5);

            assertThat(seen).isEmpty();
            assertThat(detector.disturbed()).isFalse();
            assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
        }
    }

    @Test
    void a_lean_that_eases_off_at_once_with_a_pour_under_its_end_leaves_the_pour() {
        // issue 12, seventh round (seed 1044 at 80 SPS): a 2.5 kg lean came on at rest and eased off over 18 s at
        // once, a 23 oz pour ran under its last 6 s; the lean's step said a press stayed, so its whole fall was taken
        // for 107 oz of beer and the press held for hours. The weight fell faster than a faucet pours: a load going
        kg = 40;
        hold(3);
        ramp(42.5, 0.9);
        for (int i = 1; i <= 240; i++) { // 24 s: the lean eases off over the first 18, a 60 g/s pour runs from the 12th
            ms += 100;
            double t = i / 10.0;
            double weight = 40 + 2.5 * Math.max(0, 1 - t / 18) - 0.06 * Math.max(0, Math.min(t, 23.5) - 12);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
        kg = 40 - 0.06 * 11.5;
        hold(5);

        assertOnePour(0.69, 0.03);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.31, within(0.03));
    }

    @Test
    void a_lean_easing_off_at_a_faucets_pace_with_a_thing_set_on_during_it_is_no_pour_and_leaves_the_thing_held() {
        // issue 12, nineteenth round (seed 48022 at 80 SPS, 3.0 % off while DISTURBED for two hours): a 0.94 kg lean
        // came on a slim quarter in a step, a 0.37 kg thing was set on 7 s later and the lean eased off over 12 s, no
        // faster than a faucet pours; the steps measured both loads come on, not the ease, and the 0.94 kg that left
        // beyond them was reported as a 30 oz pour, both loads held
        kg = 38.7;
        hold(3);
        ramp(39.64, 0.2);
        for (int i = 1; i <= 120; i++) { // 12 s: the lean eases off at 78 g/s, the thing set on in a step at the 7th
            ms += 100;
            double t = i / 10.0;
            double weight = 38.7 + 0.94 * (1 - t / 12) + (t >= 7 ? 0.365 : 0);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
        kg = 39.065;
        hold(40); // longer than a lean's life: a pour held back would be reported by now

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing stays on the keg
        assertThat(detector.kegKg()).isCloseTo(38.7, within(0.03));
    }

    @Test
    void a_heavy_lean_eased_off_over_seconds_is_measured_by_the_weights_either_side_of_its_whole_ramp() {
        // issue 12, seventh round (seed 20 at 10 SPS): a 12.8 kg lean held 10 s and eased off over 17 s was measured
        // as 11.4 kg from weights still on the ramp's tail, and the rest reported as a 44 oz pour
        kg = 40;
        hold(3);
        ramp(52.75, 0.7);
        hold(10);
        ramp(40, 16.8);
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_heavy_lean_easing_off_faster_than_a_faucet_with_pours_under_it_is_gone_whole_and_the_pours_are_the_beer() {
        // issue 12, eighth round (seed 7 at 10 SPS): a 7.4 kg lean held on the keg eased off over 13 s (0.57 kg/s)
        // during two pours; its steps measured 6.0 kg of it, the rest went into a 79 oz pour of 35 oz and 1.36 kg
        // was held on the keg for hours. The weight fell faster than a faucet pours and settled at the keg alone less
        // the beer: the lean is gone whole
        kg = 40;
        hold(3);
        ramp(47.4, 0.5);
        hold(3);
        pourUnder(7.5, t -> 0); // 0.45 kg
        pourUnder(16, t -> -7.4 * Math.min(1, t / 13) + 0.06 * t - 0.06 * Math.max(0, Math.min(t, 14) - 6)); // 0.48 kg
        hold(5);

        assertOnePour(0.93, 0.03);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.07, within(0.03));
    }

    @Test
    void a_lean_easing_off_on_top_of_a_crate_left_on_the_keg_is_no_pour_and_the_crate_stays() {
        // issue 12, eighth round (seed 1017 at 10 SPS): with a load held on the keg for hours, a 0.9 kg lean held 19 s
        // and eased off over 19 s (47 g/s, no faster than a faucet) was compared as the whole held weight, reported as
        // a 29 oz pour and held on top of it. The lean is the newest load: it went, the crate stays
        aKegAt40WithALoadOn(1.6);
        hold(60);
        ramp(42.5, 0.3);
        hold(19);
        ramp(41.6, 19);
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_lean_on_a_crate_easing_off_with_a_pour_under_it_leaves_the_pour_and_the_crate() {
        // issue 12, eighth round (seed 2015 at 10 SPS): a 1.5 kg lean on a crate left on the keg eased off over 16 s
        // with a 13 oz pour under it, together faster than a faucet pours for a while; the whole fall was reported as
        // a 61 oz pour and the lean held with the crate, the level 4.8 % low. The lean went whole, the crate stays
        aKegAt40WithALoadOn(8);
        hold(60);
        ramp(49.5, 0.3);
        hold(20);
        pourUnder(16, t -> -1.5 * Math.min(1, t / 8) + 0.06 * t - 0.06 * Math.min(t, 6.7)); // off over 8 s; 0.40 kg
        hold(5);

        assertOnePour(0.40, 0.03);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(39.60, within(0.03));
    }

    @Test
    void a_lean_lifting_the_keg_that_eases_off_slowly_leaves_the_keg_as_it_was() {
        // issue 12, eighth round (seed 1017 at 10 SPS): a 1.6 kg lean lifting the keg came on in 0.75 s and settled, so
        // it was taken for the 0.2 kg load on the keg lifted with beer; easing off over 14 s it was no step, and its
        // rise was held as a 1.6 kg load set on the keg, with no level for 11 h. The weight came back: nothing happened
        aKegAt40WithALoadOn(0.2);
        hold(60);
        double unseenBefore = detector.unseenBeerKg();
        ramp(38.6, 0.7);
        hold(3);
        ramp(40.2, 13.6);
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
        assertThat(detector.unseenBeerKg()).isEqualTo(unseenBefore);
    }

    @Test
    void a_knock_lifting_the_keg_as_a_lean_lifting_it_eases_off_is_still_on_when_the_weight_settles_and_no_pour() {
        // issue 12, twelfth round (seed 8042 at 80 SPS): a 1.67 kg lean lifted a slim quarter (12.535 kg) in a second and
        // eased off over 14 s, slower than a step; 13.9 s in, a 0.216 kg knock lifted it at once, and the lean's last
        // 0.17 kg eased off after it. The episode settled with the knock on, 0.215 kg under its start: both lifts were
        // taken for gone, a false 7.1 oz pour was reported, and the knock's going was held as a press on the keg for hours
        kg = 12.535;
        hold(3);
        ramp(10.867, 1);
        ramp(12.365, 12.9); // the lean easing off, at 0.116 kg/s
        ramp(12.149, 0.1); // the knock, at once
        ramp(12.319, 1.5); // the rest of the lean
        hold(3.5);
        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue();
        ramp(12.535, 0.1); // the knock goes
        hold(5);

        assertNothingHappened(12.535);
    }

    @Test
    void a_press_ramped_on_during_a_pour_that_eases_off_after_it_at_the_stable_windows_drift_is_one_pour() {
        // issue 12, twelfth round (seed 9028 at 80 SPS): a 0.24 kg lean ramped onto the keg over 0.4 s, 3 s into a pour
        // (slower than a step: the steps saw nothing), and eased off at 12 g/s after the pour, at the edge of the stable
        // window's drift; a plateau came and went, the fall on from it closed the episode there, and one pour was
        // reported as two (7.8 oz and a false 5.9 oz on the lean's going)
        Random noise = new Random(1);
        atEightySps(40, t -> {
            double beer = 0.05 * Math.max(0, Math.min(t, 8.75)); // 0.4375 kg at 50 g/s
            double lean = 0.24 * Math.max(0, Math.min(1, (t - 3) / 0.4)) - 0.012 * Math.max(0, Math.min(t - 8.75, 20));
            return 23.2 - beer + lean + 0.002 * noise.nextGaussian();
        });

        assertOnePourAndNothingHeld(0.4375, 0.01, 22.7625);
    }

    @Test
    void a_small_lean_ramped_on_under_a_pour_slower_than_a_step_is_held_and_its_ease_later_is_no_pour() {
        // issue 12, sixteenth round (seed 31028 at 80 SPS): a 0.221 kg lean ramped onto a slim quarter over 0.45 s, 6 s
        // into a 16.1 oz pour (0.486 kg at 55 g/s), held 20 s after it and eased off over 5 s. The 200 ms means either
        // side of its ramp differ by less than a step must (the steps saw nothing), so the pour was reported less the
        // lean (9.0 oz), a reading claimed the level 0.78 % high, and the ease was reported as a 7.4 oz pour.
        Random noise = new Random(2);
        atEightySps(45, t -> {
            double beer = 0.055 * Math.max(0, Math.min(t, 8.84)); // 0.486 kg
            double lean = 0.221 * Math.max(0, Math.min(1, (t - 6.1) / 0.45)) * (1 - Math.max(0, Math.min(1, (t - 29) / 5)));
            return 11.989 - beer + lean + 0.006 * noise.nextGaussian();
        });

        assertOnePourAndNothingHeld(0.486, 0.03, 11.503);
    }

    @Test
    void a_press_easing_off_slower_than_the_stability_window_sees_leaves_the_keg_as_it_was() {
        // issue 12, ninth round (seed 5040 at 80 SPS): a 0.2 kg press settled as a load on the keg and eased off at 10 g/s;
        // the stable window's halves stayed 5 g apart, so the reference crept down with it and no episode began, and the
        // press was held on the keg for 75 min, the level 1.1 % low. The weight came back: nothing happened
        for (double sign : new double[] {1, -1}) { // a press, and a lean lifting the keg that eases back
            setUp();
            seen.clear();
            aKegAt40WithALoadOn(0.2 * sign);
            assertThat(detector.disturbed()).isTrue();
            hold(5);
            ramp(40, 20);
            hold(5);

            assertNothingHappened(40);
        }
    }

    /** From {@code kg}, {@code seconds} of weights given by {@code weightAt} (seconds since the start, kg added). */
    void follow(double seconds, java.util.function.DoubleUnaryOperator weightAt) {
        double from = kg;
        int n = (int) Math.round(seconds * 10);
        for (int i = 1; i <= n; i++) {
            ms += 100;
            double weight = from + weightAt.applyAsDouble(i / 10.0);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
        kg = from + weightAt.applyAsDouble(seconds);
    }

    @Test
    void a_lean_easing_off_with_a_pour_under_it_may_have_gone_with_the_beer_and_the_keg_may_be_that_much_heavier() {
        // issue 12, ninth round (seed 2011 at 10 SPS): a 0.63 kg press held 20 s eased off over 12 s and a 20 oz pour
        // began under its last 2 s; the 1.23 kg fall was reported as beer and the press held, the keg 0.63 kg too light
        // for hours. A press that young may be a lean easing off or a thing left on the keg: the keg may be that
        // much heavier than held, and the detector says so
        aKegAt40WithALoadOn(0.63);
        hold(15);
        follow(22, t -> 0.63 * Math.max(0, 1 - t / 12) - 0.06 * Math.max(0, Math.min(t, 20) - 10) - 0.63);
        hold(5);

        assertThat(kg).isCloseTo(39.4, within(1e-9)); // the keg alone after 0.6 kg of beer
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isLessThanOrEqualTo(39.41);
        assertThat(detector.kegKg() + detector.easedUnseenKg()).isGreaterThanOrEqualTo(39.39);
    }

    @Test
    void a_light_crate_left_on_the_keg_has_its_pours_measured_once_a_lean_would_be_gone_or_a_fall_leaves_it_on() {
        // a thing left on the keg is a constant weight: once a press outlives a lean, a fall under it is beer; and a lean
        // eases off to nothing, so a fall short of a young press leaves it on (issue 12, ninth round: a 3.4 kg crate set
        // down at a pour's end with a 13 oz pour under it 9 s later was taken for a lean that may have eased, and the
        // level was blank for an hour, seed 20261158 at 10 SPS)
        for (double heldS : new double[] {40, 5}) {
            setUp();
            seen.clear();
            aKegAt40WithALoadOn(1.0);
            hold(heldS);
            pourUnder(10, t -> 0);
            hold(5);

            assertOnePourUnderAHeldLoad(0.6, 39.4, 0.02);
        }
    }

    /** One pour of {@code pourKg} seen, the load it ran under still held, the keg {@code kegKg} with no doubt that it eased. */
    /** One pour of {@code pourKg} (within {@code toleranceKg}), nothing held on the keg, and the keg at {@code kegKg} (10 g). */
    void assertOnePourAndNothingHeld(double pourKg, double toleranceKg, double kegKg) {
        assertOnePour(pourKg, toleranceKg);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(kegKg, within(0.01));
    }

    void assertOnePourUnderAHeldLoad(double pourKg, double kegKg, double toleranceKg) {
        assertOnePour(pourKg, toleranceKg);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(kegKg, within(toleranceKg));
        assertThat(detector.easedUnseenKg()).isZero();
    }

    @Test
    void a_pour_under_a_thing_left_on_the_keg_that_weighs_about_the_thing_is_the_pour_and_the_thing_stays() {
        // issue 12, tenth round (seed 5019 at 10 SPS): a 0.311 kg thing set on a sixth barrel, then 23 s later an 11.2 oz
        // pour (0.345 kg at 66 g/s) under it. The weight settled 33 g below where it stood before the thing, within a
        // pour's start: taken for the thing easing off, no pour was reported and the level claimed 1.6 % high until the
        // thing was lifted 18 min later. A press that eases off goes whole: the weight would be back to the gram
        kg = 21.278;
        hold(3);
        ramp(21.589, 0.5);
        hold(21);
        ramp(21.244, 5.2);
        hold(5);

        // the weight is 33 g from where it stood before the thing: an ease needs that little beer with it, which is no pour
        assertOnePourUnderAHeldLoad(0.345, 20.933, 0.01);

        ramp(20.933, 0.5); // the thing lifted
        hold(5);

        assertThat(seen).hasSize(1);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(20.933, within(0.01));
        assertThat(detector.easedUnseenKg()).isZero();
    }

    @Test
    void a_press_easing_off_so_slowly_that_the_reference_follows_it_part_way_is_gone_when_the_weight_is_back() {
        // issue 12, tenth round (seed 7025 at 10 SPS): a 0.271 kg press eased off over 21 s; the stable reference followed
        // its first part down, so the episode of the rest fell 43 g short of the press. Where the weight stood before the
        // press, not the episode's fall, says whether the press went (a rule that compared the fall with the press made
        // this ease a 7.4 oz pour)
        kg = 10.011;
        hold(3);
        ramp(10.282, 0.5);
        hold(3);
        ramp(10.232, 5); // 10 g/s: the stable window follows it
        ramp(10.011, 11); // 20 g/s: an episode
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(10.011, within(0.005));
    }

    @Test
    void a_lean_lifting_the_keg_that_eases_off_under_a_pour_is_gone_once_it_outlives_a_lean() {
        // issue 12, ninth round (seed 21 at 10 SPS): a 1.16 kg lean lifting a half barrel came on during a pour and
        // eased off over 20 s while beer ran, its rise hidden by the beer; it was held for hours, the level 1.9 % high.
        // Nothing resting on a keg lifts it: a lean that outlives a lean's life (and its ease) went unseen
        kg = 40;
        hold(3);
        pourUnder(25, t -> t < 3 ? 0 : -1.16 * Math.min(1, (t - 3) / 0.5) * Math.max(0, Math.min(1, 1 - (t - 5) / 20)));
        hold(5);

        assertThat(kg).isCloseTo(38.5, within(1e-9)); // 25 s of a 60 g/s pour
        assertThat(detector.kegKg() - detector.unseenBeerKg()).isLessThanOrEqualTo(38.51); // the lean held, and its doubt
        hold(60);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(38.5, within(0.01));
        assertThat(detector.unseenBeerKg()).isZero();
    }

    @Test
    void a_lean_lifting_the_keg_over_a_pour_may_hide_beer_until_it_is_seen_going() {
        // a 2 kg lean lifting the keg (and the 1 kg crate on it) from the 3rd second of a 10 s pour may ease off under
        // the beer, its rise hidden; let go in a step it is seen going, and the keg is measured again (issue 12, ninth
        // round: kept after the lean went, the doubt blanked the level for an hour, seed 20261353 at 80 SPS on the bar
        // of steps)
        aKegAt40WithALoadOn(1.0);
        hold(40);
        pourUnder(10, t -> t < 3 ? 0 : -2.0);
        hold(5);
        assertThat(detector.unseenBeerKg()).isCloseTo(1.0, within(0.05)); // what it lifts beyond the crate

        ramp(kg + 2.0, 0.3);
        hold(5);
        assertThat(detector.unseenBeerKg()).isZero();
        assertThat(detector.kegKg()).isCloseTo(39.4, within(0.03));
    }

    @Test
    void a_pour_shaking_by_a_faucets_fall_within_a_second_is_not_disturbed() {
        // seed 1007 life 6 at 10 SPS: one sample of a pour's vibration 58 g high and one a second later 52 g low,
        // with the 80 g/s fall between, are 0.19 kg apart within a window, which looks like a press let go; the
        // reading taken then held the level from before the pour, 2.2 % high
        kg = 40;
        hold(3);
        ramp(39.6, 5); // a pour of 80 g/s
        ramp(39.65, 0.1); // shaken up
        ramp(39.52, 0.9);
        ramp(39.46, 0.1); // and down

        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.46, within(0.001));

        ramp(39.3, 2);
        hold(5);
        assertOnePour(0.7, 0.005);
    }

    @Test
    void a_light_lean_during_a_shaking_pour_is_told_from_the_beer() {
        // 20 g rms of pour vibration on every sample (the simulated bar's, unfiltered at 10 SPS) around the
        // lightest lean issue 12 names: the pour is still the beer within an ounce
        Random noise = new Random(12);
        kg = 40;
        hold(3);
        shake(39.7, 5, noise); // a pour of 60 g/s
        ramp(39.5, 0.1); // someone leans on the keg, lifting 0.2 kg of it
        shake(39.35, 2.5, noise); // the pour goes on: 0.45 kg of beer in all
        hold(5);

        assertOnePour(0.45, 0.03);
        assertThat(detector.disturbed()).isTrue();
    }

    @Test
    void shaking_pours_are_never_taken_for_loads() {
        // the guard of the test above: 30 pours of 0.25-0.7 kg under 20 g rms of vibration, one after another,
        // each the beer and none disturbed while it runs
        Random noise = new Random(7);
        kg = 40;
        hold(3);
        for (int i = 0; i < 30; i++) {
            double beer = 0.25 + 0.45 * noise.nextDouble();
            shake(kg - beer, beer / 0.06, noise);
            assertThat(detector.disturbed()).as("pour %d under way", i).isFalse();
            hold(4);
        }

        assertThat(seen).hasSize(30).allSatisfy(e -> assertThat(e).startsWith("drop "));
        assertThat(detector.disturbed()).isFalse();
    }

    @Test
    void a_lean_on_and_off_within_a_pour_leaves_the_pour() {
        kg = 40;
        hold(3);
        ramp(39.75, 4.5);
        ramp(39.31, 0.1); // a lean comes on
        ramp(39.25, 1);
        ramp(39.69, 0.1); // and goes
        ramp(39.59, 2);
        hold(5);

        assertOnePour(0.41, 0.005);
        assertThat(detector.kegKg()).isCloseTo(39.59, within(0.01));
    }

    @Test
    void a_lean_that_eases_before_it_is_let_go_within_a_pour_leaves_no_load_behind() {
        // a lean comes on and goes within a pour, but not by the same amount (a hand easing, or each step's
        // estimate off by the vibration: issue 12, seed 20261122 life 22 at 10 SPS, -0.81 kg and +0.73 kg):
        // the 0.12 kg difference is no load left on the keg, or the scale would stay disturbed for hours
        kg = 40;
        hold(3);
        ramp(39.7, 5); // a pour of 60 g/s
        ramp(38.9, 0.1); // a 0.8 kg lean comes on
        ramp(38.948, 1.2); // the pour goes on (0.072 kg) while the lean eases by 0.12 kg
        ramp(39.628, 0.1); // the lean, 0.68 kg by now, is let go
        ramp(39.448, 3); // the pour goes on: 0.552 kg of beer in all
        hold(5);

        assertOnePourAndNothingHeld(0.552, 0.005, 39.448);
    }

    @Test
    void a_pour_with_a_press_on_and_off_within_it_is_the_pour() {
        // the press is lifted before the weight settles: the episode ends lighter by the beer alone
        kg = 40;
        hold(3);
        ramp(40.46, 0.3);
        ramp(39.90, 9.5);
        ramp(39.44, 0.3);
        hold(5);

        assertThat(seen).singleElement().asString().endsWith(" 0.560");
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.44, within(0.01));
    }

    @Test
    void a_glass_left_on_the_keg_stays_on_through_a_short_knock_during_a_pour_and_the_pour_is_reported() {
        // Guards issue 12 (seed 1007 life 29 at 80 SPS, 1.4 % off for an hour): a 0.42 kg glass stood on the
        // keg; a 0.7 s, 4.7 kg knock during an 0.6 kg pour was taken for a press still on (nothing fell fast
        // within a window of it), so the pour went unreported, and as the weight settled below the keg's own
        // the glass was taken for lifted and its weight counted as beer.
        kg = 40;
        hold(3);
        ramp(40.42, 0.3); // a glass left on the keg
        hold(5);

        ramp(40.2, 4); // a pour of 55 g/s
        ramp(44.9, 0.1); // a knock while it runs
        ramp(44.86, 0.7);
        ramp(40.12, 0.1); // gone again
        ramp(39.82, 5.4); // the pour goes on: 0.6 kg in all
        hold(5);

        assertThat(seen).singleElement().asString().endsWith(" 0.600");
        assertThat(detector.disturbed()).isTrue(); // the glass is still on the keg
        assertThat(detector.kegKg()).isCloseTo(39.40, within(0.01));
    }

    @Test
    void a_keg_knocked_off_the_platform_for_a_moment_during_a_pour_comes_back_lighter_by_the_beer() {
        // Guards issue 12 (seed 2007 life 19, 6 % off until the keg was replaced): a knock lifted a
        // keg that was pouring off the platform for 5 s; it came back lighter by the beer poured
        // meanwhile, and that difference was taken for a lean held on the keg for good.
        kg = 20;
        hold(3);
        ramp(19.8, 2); // a pour

        ramp(3, 0.3); // knocked nearly off the platform
        hold(5);
        ramp(19.5, 0.3); // back, 0.3 kg of beer later
        hold(5);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(19.5, within(0.01));
    }

    @Test
    void a_lean_lifting_a_near_empty_keg_off_the_platform_longer_than_swap_min_empty_during_a_pour_is_no_swap() {
        // Guards issue 12 (seed 6018 at 80 SPS, a false swap on both bars): a lean lifted 8.6 kg off a
        // 12.7 kg quarter barrel for 15 s while a pour went on; the platform read 3.7 kg, below
        // absent_below_kg, for longer than swap_min_empty, and the keg came back 0.5 kg lighter by the
        // beer, more than same_keg_kg: it was taken for a new keg.
        kg = 12.7;
        hold(3);
        ramp(12.6, 1); // a pour begins

        ramp(3.7, 0.5); // lifted by the lean, the pour going on
        hold(15);
        ramp(12.2, 0.5); // set back, 0.5 kg of beer later
        hold(5);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(12.2, within(0.01));
    }

    @Test
    void a_weight_left_a_minute_on_the_platform_after_a_near_empty_keg_is_no_keg_and_a_keg_set_down_after_it_is_new() {
        // Guards issue 12, fourteenth round (seed 24032 at 80 SPS, 20 h without a level): a sixth barrel 13.3 kg was
        // lifted off; 18 s later a 5 kg weight, no keg, stood on the platform. The longer it stood, the more beer a
        // faucet "could have drawn" since the keg left, until after a minute the weight was taken for the keg set back
        // lighter by beer. Lifted, and a half barrel set down 6 s later was the same keg with 65 kg held on it.
        kg = 13.3;
        hold(3);
        ramp(0, 0.5); // the keg lifted off
        hold(18);
        ramp(5.0, 0.5); // a calibration weight set down
        hold(120);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.phase()).isEqualTo(Phase.ABSENT);

        ramp(0, 0.5); // the weight lifted off
        hold(6);
        ramp(70.5, 1); // a half barrel set down
        hold(5);

        assertThat(seen).containsExactly("absent", "new keg 70.500");
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(70.5, within(0.01));
    }

    @Test
    void a_knock_lifting_a_keg_with_a_thing_on_it_just_before_a_pour_is_no_pour_of_its_own() {
        // Guards issue 12, fourteenth round (seed 23014 at 80 SPS): a 0.978 kg thing stood on a quarter barrel; a knock
        // lifted the keg by 0.34 kg at once, 1.5 s later a 20.7 oz pour began under it. The fall from the knock's
        // plateau closed the knock's episode, but only once the pour had ended, and that episode kept the pour's end as
        // its own: 0.34 kg over 12 s passed for beer, and the knock was reported as an 11.2 oz pour beside the real one.
        aKegAt40WithALoadOn(0.978);
        ramp(40.638, 0.1); // a knock lifts the keg
        hold(1.2); // flat as a plateau, not settled
        ramp(40.008, 10); // a pour under it, 63 g/s
        hold(3);
        ramp(39.37, 0.3); // the knock and the thing go
        hold(5);

        assertOnePourAndNothingHeld(0.63, 0.01, 39.37);
    }

    @Test
    void a_knock_lifting_a_keg_with_a_thing_on_it_let_go_during_a_pour_is_beer_and_the_thing_alone_stays() {
        // Guards issue 12, fourteenth round (seed 24033 at 10 SPS): a 4.1 kg thing stood on a slim quarter; a knock lifted
        // the keg by 0.38 kg and settled, a 23.7 oz pour began and the knock was let go 3 s into it. The steps measured the
        // rise, the detector took it for a press come on and eased off under the pour: 10.9 oz were reported, the knock's
        // lift stayed held on the keg, and the level was 1.3 % high until the thing went.
        aKegAt40WithALoadOn(4.133); // a thing left on the keg
        ramp(44.133 - 0.381, 0.5); // a knock lifts the keg
        hold(2.5);
        ramp(43.752 - 0.189, 3); // a pour under it, 63 g/s
        ramp(44.133 - 0.189 - 0.032, 0.5); // the knock let go, the pour going on
        ramp(44.133 - 0.704, 7.5);
        hold(5);

        assertOnePour(0.704, 0.02);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40 - 0.704, within(0.02));

        // the knock's going is no press come on that may ease off: pours after it leave no doubt (5 min without a level)
        ramp(44.133 - 0.704 - 0.6, 10);
        hold(3);
        ramp(44.133 - 0.704 - 1.2, 10);
        hold(3);
        assertThat(seen).hasSize(3);
        assertThat(detector.easedUnseenKg()).isZero();
        assertThat(detector.kegKg()).isCloseTo(40 - 1.904, within(0.02));
    }

    @Test
    void a_lean_that_came_on_in_a_moment_and_eases_at_once_is_no_beer_while_it_eases() {
        // Guards issue 12, fourteenth round (seed 24026 at 80 SPS): a 0.31 kg lean lifted a sixth barrel in 0.9 s and began
        // to ease off at once; the steps found no level after its ramp, so no load, and a reading 2.4 s into the ease took
        // the weight, 0.25 kg under the keg, for the keg's: 1.2 % low. The weight fell faster than a faucet: not beer.
        kg = 40;
        hold(3);
        ramp(39.69, 0.9); // a lean lifts the keg over 0.9 s
        ramp(39.76, 2.4); // and eases off at 30 g/s

        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
        assertThat(detector.unseenBeerKg()).isPositive(); // beer may have left meanwhile: no level is claimed

        ramp(40, 8);
        hold(5);
        assertNothingHappened(40);
    }

    @ParameterizedTest(name = "the lean held {0} s before it eases")
    @ValueSource(doubles = {0, 2.5})
    void a_lean_lifting_a_keg_with_a_thing_on_it_that_eases_off_during_a_pour_lifts_no_thing(double heldSeconds) {
        // Guards issue 12, fourteenth round (seed 23030 at 80 SPS): a 0.395 kg thing stood on a quarter barrel; a 2.85 kg
        // lean lifted the keg at once and eased off over 12.5 s, a 22.1 oz pour (0.68 kg) running under most of its ease.
        // The weight settled within a faucet's draw of the keg alone, so the thing was taken for gone: no pour, and the
        // level claimed 1.37 % high, undisturbed, until the thing really went 2 min later. Held 0 s, fall and ease are one
        // episode (fallEasedBack: the weight rose back from its low by all the lean but what a faucet drew meanwhile);
        // held 2.5 s, as the pipeline saw it, the lean is held in its own episode first (leanEasedOffAThing).
        aLeanOnAThingEasingOffWithAPourUnderIt(heldSeconds);

        assertOnePour(0.68, 0.02);
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(40 - 0.68, within(0.02));
    }

    @Test
    void a_lean_on_a_thing_let_go_short_of_its_measured_step_by_less_than_a_step_is_no_pour() {
        // Guards issue 12, fourteenth round (seed 20261233 at 80 SPS): a ramped knock lifting a keg with a 1.14 kg thing on
        // it, measured 74 g heavy with a pour's end in its run, was let go 73 g short of that step; taken for the lean
        // gone with beer hidden under its going, the 73 g were reported as a 2.4 oz pour.
        aKegAt40WithALoadOn(1.137); // a thing left on the keg
        ramp(41.137 - 2.195, 0.3); // a lean lifts the keg
        hold(3);
        ramp(41.137 - 0.073, 1.5); // let go over 1.5 s, 73 g short of it
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
    }

    @Test
    void a_press_lifted_and_a_thing_set_down_a_second_later_is_no_pour() {
        // Guards issue 12, fourteenth round (seed 25013 at 10 SPS, a regression of fallEasedBack): a 0.477 kg knock held on
        // a slim quarter went at once and a 0.315 kg thing was set down 1 s later. The weight rose from its low, so the
        // fall was taken for a lean eased back with beer under it, and the 0.16 kg between was reported as a 5.4 oz pour.
        // The fall was the held load, whole: it was lifted, and the rise is something set on.
        aKegAt40WithALoadOn(0.477); // a knock, held
        ramp(40.002, 0.2); // lifted
        hold(0.8);
        ramp(40.317, 0.2); // a thing set down
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_lean_that_eased_back_whole_before_a_pour_leaves_the_pour_whole() {
        // Guards issue 12, fifteenth round (seed 27042 at 80 SPS): a 0.735 kg lean lifted a half barrel at once, eased off
        // over 5 s back to where the keg stood, and a 23.9 oz pour (0.71 kg) began as it ended, all in one episode. The
        // steps measured the lean's fast fall and not its slow going (a lean easing off is no step), so the lean was held
        // as still on: the pour was missed and the level claimed 1.2 % high. The rise back to the start is the lean gone
        // (beer never adds weight).
        kg = 40;
        hold(3);
        ramp(40 - 0.735, 0.5); // a lean lifts the keg at once
        hold(1.5);
        ramp(40, 5); // eases off, back to the keg
        ramp(40 - 0.71, 14.7); // a pour
        hold(5);

        assertOnePourAndNothingHeld(0.71, 0.02, 40 - 0.71);
    }

    @Test
    void a_lean_a_little_heavier_than_the_thing_on_the_keg_lifts_no_thing_and_draws_no_beer() {
        // Guards issue 12, fifteenth round (seed 26022 at 80 SPS): a 6.816 kg thing stood on a quarter barrel; a knock
        // lifted the keg by 6.93 kg over 1.1 s and went 9 s later. Its fall was taken for the thing lifted with 0.11 kg of
        // beer drawn in the same second (a faucet's top rate allows it), a 3.7 oz pour was reported, and the knock's going
        // was held as a new thing. Beer that a load's run hides is drawn by a pour, which shows outside the run too; here
        // the weight moved only in the run.
        aKegAt40WithALoadOn(6.815); // a thing left on the keg
        ramp(40 + 6.815 - 6.927, 1.1); // a knock lifts the keg
        hold(9);
        ramp(40 + 6.815, 1.0); // and goes
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_knock_ramped_on_as_a_pour_ends_and_off_a_second_later_leaves_the_pour_whole() {
        // Guards issue 12, fifteenth round (seed 28003 at 10 SPS): a 0.205 kg knock ramped onto a keg over 0.9 s as a
        // 13.7 oz pour ended and went over 0.9 s, 1.3 s later. Its going was found before the pour's episode was closed
        // on the knock's plateau, so the knock was taken for let go within that episode: half the pour was reported, and
        // the knock's going as a 6.9 oz pour.
        kg = 40;
        hold(3);
        ramp(39.59, 6.3); // a 0.41 kg pour
        ramp(39.795, 0.9); // a knock ramps on as it ends
        hold(1.3);
        ramp(39.59, 0.9); // and goes
        hold(5);

        assertOnePourAndNothingHeld(0.41, 0.03, 39.59); // the fall to the episode's low: the knock's ramp hides the pour's last 25 g
    }

    @Test
    void a_knock_lifting_a_keg_with_a_heavier_thing_on_it_during_a_pour_lifts_no_thing() {
        // Guards issue 12, fifteenth round (seed 30040 at 80 SPS, last round's judge): a 0.321 kg knock lifted a slim
        // quarter with a 0.722 kg thing on it for 17.5 s during an 18.7 oz pour (0.556 kg). The fall was fast and settled no
        // heavier than the keg alone, so the thing was taken for lifted though the steps measured a 0.335 kg lift: a
        // 5.3 oz pour, and the level 2.48 % high for 45 min until the thing went. A load goes whole.
        aKegAt40WithALoadOn(0.722); // a thing left on the keg
        ramp(40.722 - 0.03, 0.5); // a pour begins
        ramp(40.722 - 0.036 - 0.321, 0.1); // a knock lifts the keg
        ramp(40.722 - 0.556 - 0.321, 8.7); // the pour goes on under it
        hold(8);
        ramp(40.722 - 0.556, 0.1); // the knock goes
        hold(5);

        assertOnePour(0.556, 0.03);
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(40 - 0.556, within(0.02));
    }

    @Test
    void a_heavy_lean_easing_off_with_a_light_one_coming_on_during_its_ease_went_whole_and_no_beer_left() {
        // Guards issue 12, sixteenth round (seed 34013 at 10 SPS; the resource holds its filtered weights): an 8.03 kg lean
        // came on a half barrel, held 21 s and eased off over 17 s at 0.47 kg/s; a 0.60 kg lean ramped on during that ease
        // and eased off 12 s after it. The steps measured 5.42 kg of the slow ease, and the rest, 2.02 kg, was reported as
        // a 66 oz pour and held on the keg as a load for 5 h. A load goes whole: the weight rose fast within the episode,
        // so something came on, and the keg is where it stood.
        recorded(63.890, recordedWeights("seed-34013-heavy-lean-easing-as-a-light-one-came-on.txt"), 63.889);

        assertNothingHappened(63.889);
    }

    @Test
    void a_heavy_knock_ramped_off_under_a_pour_measured_a_little_light_is_gone_and_the_pour_whole() {
        // Guards issue 12, sixteenth round (seed 20005 at 10 SPS; the resource holds its filtered weights): an 8.83 kg knock
        // ramped onto a slim quarter and off 6 s later with a 12.4 oz pour (0.367 kg) under its going. Its going measured
        // 8.72 kg, 0.12 kg light, more than a press: taken for another lift than the knock (otherLiftStepped), 0.12 kg was
        // held on the keg for an hour, the level 0.35 % off while disturbed. A heavy load's step is measured a little off.
        recorded(16.606, recordedWeights("seed-20005-heavy-knock-ramped-off-under-a-pour.txt"), 16.239);

        assertOnePourAndNothingHeld(0.367, 0.02, 16.239);
    }

    @Test
    void a_press_easing_off_long_after_a_knock_was_lifted_off_a_thing_is_no_lean_going_and_no_pour() {
        // Guards issue 12, seventeenth round (seed 40017 at 10 SPS, a fresh judge's life): with a 0.31 kg thing on a
        // quarter barrel, a 2.06 kg knock came on and was lifted 23 s later; 33 min after, a 2.04 kg lean came on in a
        // moment and eased off over 17 s back to where the weight stood. The knock's lift had left the held load lighter,
        // which was taken for a lean lifting the keg on top of the thing; the new lean's peak matched the weight with that
        // "lean" gone, and its ease was reported as a 66 oz pour with 2.37 kg held for 7 h. A lean lasts half a minute:
        // a lift older than a lean's life and its ease is no lean still on.
        aKegAt40WithALoadOn(0.31); // a thing left on the keg
        ramp(kg + 2.06, 0.3); // a knock
        hold(20);
        ramp(kg - 2.06, 0.3); // lifted
        hold(120);
        ramp(kg + 2.04, 0.5); // a lean comes on in a moment
        ramp(kg - 2.04, 17); // and eases off at 0.12 kg/s
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(40, within(0.02));
    }

    @Test
    void a_knock_let_go_then_another_lifting_the_keg_that_stays_is_no_pour_and_nothing_is_held_once_it_goes() {
        // Guards issue 12, seventeenth round (seed 39022 at 80 SPS; the resource holds its filtered weights): a 0.447 kg
        // knock ramped on lifting a keg and let go, then a 0.264 kg knock lifted it for 6 s. The steps measured -0.395,
        // +0.477 and -0.259 kg; summed, they fell under half the largest and were taken for loads that came and went, so
        // the fall was reported as an 8.8 oz pour, and the second knock's going was held as a thing set on the keg. A load
        // on and off among three steps leaves the one that stayed, and a lift that is the whole fall is no beer.
        recordedAtEightySps(20.525, recordedWeights("seed-39022-knock-let-go-then-another-lifting.txt"), 20.525);

        assertNothingHappened(20.525);
    }

    @Test
    void a_heavy_lean_rocking_over_a_pour_whose_rocks_do_not_all_match_leaves_no_load_and_the_pour_whole() {
        // Guards issue 12, seventeenth round (seed 31041 at 10 SPS; the resource holds its filtered weights): a 14.36 kg
        // lean rocked on a quarter barrel for 6 s with a 23.8 oz pour under it. Its steps measured -14.546 and +14.249 kg
        // around rocks of 0.3-0.5 kg that did not all match; a first draft of the pairing above took the matching rocks
        // out and kept 0.29 kg as a load that stayed, and the next pour was merged into this one as that load's ease.
        // With the largest step left unpaired, the steps' sum is as likely its noise: no load.
        recorded(32.005, recordedWeights("seed-31041-lean-rocking-over-a-pour.txt"), 31.264);

        assertOnePourAndNothingHeld(0.741, 0.02, 31.264);
    }

    @Test
    void a_thing_set_on_the_keg_as_a_knock_lifting_it_is_let_go_is_held_not_taken_into_the_keg() {
        // Guards issue 12, eighteenth round (seed 41018 at 80 SPS; the resource holds its filtered weights): a 7.11 kg knock
        // lifted a slim quarter for 21 s, and a 0.44 kg thing was set on the keg as the knock was let go. The steps
        // measured the let-go (+7.106 kg) as the held lift going, the keg was taken to weigh what the weight settled at,
        // and the level claimed 1.5 % high, undisturbed, for the ten minutes the thing stayed. Beer never adds weight.
        recordedAtEightySps(38.015, recordedWeights("seed-41018-knock-lifting-let-go-as-a-thing-came-on.txt"), 38.454);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing is on
        assertThat(detector.kegKg()).isCloseTo(38.015, within(0.02));

        atEightySps(38.454, 38.015, 1.5); // the thing lifted off
        atEightySps(38.015, 38.015, 5);

        assertNothingHappened(38.015);
    }

    /** Ramps the weight from {@code fromKg} to {@code toKg} over {@code seconds} at 80 SPS, after {@link #recordedAtEightySps}. */
    void atEightySps(double fromKg, double toKg, double seconds) {
        int n = (int) Math.round(seconds * 80);
        long startMs = ms;
        for (int i = 1; i <= n; i++) {
            double weight = fromKg + (toKg - fromKg) * i / n;
            ms = startMs + Math.round(i * 12.5);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
    }

    @Test
    void a_knock_ramped_on_lifting_the_keg_and_let_go_is_no_load_under_way_once_the_weight_is_back() {
        // Guards issue 12, seventeenth round (seed 39022 at 80 SPS): a 0.379 kg knock ramped onto a half barrel lifting it,
        // too slowly for a step, and was let go in one, measured 0.408 kg. A reading sent 2 s later, the episode still
        // under way, took that rise for a load set on the keg and the keg 0.36 kg light (0.62 % of a half barrel). The
        // weight fell faster than a faucet and is back where it stood: the lift was let go.
        double[] weights = recordedWeights("seed-39022-knock-ramped-lifting-let-go.txt");
        recordedAtEightySps(66.962, weights, Double.NaN);

        assertThat(detector.phase()).isNotEqualTo(Phase.STABLE); // still under way
        assertThat(detector.kegKg()).isCloseTo(66.962, within(0.01));
        assertThat(seen).isEmpty();
    }

    @Test
    void a_lean_lifting_the_keg_that_eases_off_slower_than_a_stable_window_sees_leaves_the_keg_no_heavier() {
        // Guards issue 12, seventeenth round (seed 39037 at 10 SPS): a 0.27 kg lean lifting a near-empty keg eased off
        // over 21 s; the stability window's reference crept up with it, and a reading sent 14 s in took the keg 0.15 kg
        // heavy (0.52 % of its beer). Beer never adds weight: the keg is no heavier than when the lean came on.
        leanEasesOffSlowerThanAStableWindowSees(40, 39.73, 39.865, 15); // at 9 g/s, half of it by the reading
    }

    /**
     * A lean comes on a keg of {@code kegKg} in a moment, the weight settling at {@code withLeanKg}, and eases off to
     * {@code easedToKg} over {@code seconds}, slower than the stability window sees, its reference following: the keg
     * read is the keg's weight all along, and nothing is reported.
     */
    void leanEasesOffSlowerThanAStableWindowSees(double kegKg, double withLeanKg, double easedToKg, double seconds) {
        kg = kegKg;
        hold(3);
        ramp(withLeanKg, 0.2);
        hold(5);
        assertThat(detector.disturbed()).isTrue();
        double keg = detector.kegKg();
        ramp(easedToKg, seconds);
        hold(0.5);

        assertThat(detector.phase()).isEqualTo(Phase.STABLE); // the reference followed it
        assertThat(detector.kegKg()).isCloseTo(keg, within(0.005));
        assertThat(keg).isCloseTo(kegKg, within(0.005));
        assertThat(seen).isEmpty();
    }

    @Test
    void a_press_that_eases_off_slower_than_a_stable_window_sees_leaves_the_keg_no_lighter() {
        // Guards issue 12, eighteenth round (seed 46034 at 80 SPS): a 0.23 kg lean on a quarter barrel eased off over 34 s;
        // the stability window's reference followed it down, and a reading sent 29 s in took the keg 0.16 kg light (0.52 %
        // of its beer). Beer leaves only in an episode: while the weight is settled, the keg is no lighter than when the
        // press came on.
        leanEasesOffSlowerThanAStableWindowSees(26.03, 26.26, 26.10, 23); // at 7 g/s, most of it by the reading
    }

    @Test
    void a_lean_that_came_on_as_a_pour_began_and_eased_off_after_it_leaves_the_pour_whole_and_its_ease_no_pour() {
        // Guards issue 12, eighteenth round (seed 44015 at 10 SPS): a 0.26 kg lean came on a half barrel as a 13.5 oz pour
        // began and eased off over 23 s. The pour was held with the lean as one unknown load, the lean's ease was reported
        // as an 8.4 oz pour, and the 13.5 oz pour was lost. A fall the size of the press seen, slower than a faucet and
        // within a lean's life of that pour, is the press easing off: the beer is what the keg lost since the pour began.
        // The resource holds its filtered weights.
        recorded(39.628, recordedWeights("seed-44015-lean-on-a-pour-easing-off-after.txt"), 39.213);

        assertOnePourAndNothingHeld(0.415, 0.01, 39.213);
    }

    @Test
    void a_knock_lifting_the_keg_as_a_heavy_lean_eases_off_is_no_beer_once_it_goes_and_no_thing_set_down() {
        // Guards issue 12, eighteenth round (seed 33031 at 10 SPS): a 14.99 kg lean lifting a half barrel eased off over
        // 30 s while a 1.50 kg knock ramped on lifting it too. The lean's going, 1.50 kg short of it, was taken for the
        // lean gone with 1.50 kg of beer drawn meanwhile, and the knock's going 8 s later for a 1.50 kg thing set down:
        // 2.6 % off while DISTURBED, for hours. Beer never comes back: a weight back where the keg stood is no beer gone.
        // The resource holds its filtered weights.
        recorded(47.022, recordedWeights("seed-33031-heavy-lean-easing-off-under-a-knock.txt"), 47.021);

        assertNothingHappened(47.021);
    }

    @Test
    void a_lift_ramped_on_as_a_pour_ends_measured_short_leaves_no_thing_when_let_go_in_one_clean_step() {
        // Guards issue 12, nineteenth round (seed 37021 at 10 SPS): a 4.886 kg knock lifting a slim quarter ramped on as
        // a 23.46 oz pour ended; its step, measured while beer ran, was 4.748 kg, and the pour 28.0 oz. Its let-go, one
        // clean step of 4.881 kg, left 0.14 kg held as a thing for hours, 0.5 % off while DISTURBED. The pour held back
        // takes what the lift's step missed. The resource holds its filtered weights.
        recorded(26.773, recordedWeights("seed-37021-lift-ramped-on-as-a-pour-ended-let-go.txt"), 26.070);
        hold(30); // the pour held back is reported once the keg stands

        assertOnePourAndNothingHeld(0.704, 0.01, 26.070);
    }

    @Test
    void a_lean_easing_off_faster_than_a_faucet_then_a_knock_lifting_the_keg_and_gone_is_nothing() {
        // Guards issue 12, twentieth round (seed 57019 at 10 SPS): a 5.12 kg lean came onto a quarter barrel and eased
        // off over 16 s at 0.32 kg/s, and a 6.47 kg knock lifted the keg as the ease ended, 2 s, then went. The steps took
        // the ease and the knock for one run and measured it 0.73 kg short (their lines' slope is a faucet's), which was
        // reported as a 25.2 oz pour; the knock's going left 0.77 kg held as a thing, 2.5 % low while DISTURBED for hours.
        // The weight came back to within a gram of where it stood: nothing happened.
        // The resource holds its filtered weights.
        recorded(31.964, recordedWeights("seed-57019-lean-eased-fast-then-knock-lifting.txt"), 31.964);
        hold(30);

        assertNothingHappened(31.964);
    }

    @Test
    void a_lean_easing_off_slower_than_the_reference_creeps_back_to_where_it_stood_is_nothing() {
        // Guards issue 12, twentieth round (seed 58020 at 80 SPS): a 0.217 kg lean on a sixth barrel held 25 s and eased
        // off over 16 s at 13 g/s, slow enough that the settled reference crept down 0.13 kg with it. The episode of the
        // rest began 33 s after the lean's, past a lean's life, settled a gram from where the weight stood before the
        // lean, and was judged a 2.8 oz pour under the lean, still held: 1.1 % low while DISTURBED for hours. The
        // resource holds its filtered weights.
        recordedAtEightySps(27.021, recordedWeights("seed-58020-lean-eased-off-slowly.txt"), 27.021);
        atEightySps(27.021, 27.021, 30);

        assertNothingHappened(27.021);
    }

    @Test
    void a_lean_lifting_the_keg_during_a_pour_may_ease_off_under_it_and_the_keg_is_not_told_heavier_than_that() {
        // Guards issue 12, twentieth round (seed 58035 at 10 SPS): a 0.38 kg lean lifted a sixth barrel 8 s into a 22.7 oz
        // pour and eased off as the pour went on, the weight flat for 3 s. A reading then took the keg as the steps told
        // it at the lean's step, 0.19 kg heavy, and claimed a level 0.95 % high. The resource holds its filtered weights
        // up to that reading.
        recordedUnderWay(21.463, "seed-58035-lean-lifting-eased-under-a-pour.txt");
        // the keg at 20.816 kg lies within the doubt, and the doubt is no wider than the pour drew since the lean's step
        assertThat(detector.kegKg() - detector.unseenBeerKg()).isBetween(20.816 - 0.1, 20.816 + 0.02);
    }

    @Test
    void a_lean_lifting_the_keg_that_eases_off_slowly_over_a_pour_is_gone_once_the_weight_rose_from_its_low() {
        // Guards issue 12, twentieth round (seed 32016 at 80 SPS): a 0.716 kg lean lifted a quarter barrel and eased off
        // over 18 s with a 19.9 oz pour (0.605 kg) under its second half. The weight settled 0.09 kg above its low, too
        // slowly to rise fast, and the lean was held as still on: the pour missed, the level 1.95 % off while DISTURBED.
        // Beer never adds weight; the resource holds its filtered weights.
        recordedAtEightySps(22.455, recordedWeights("seed-32016-lean-lifting-eased-over-a-pour.txt"), 21.850);

        assertOnePourAndNothingHeld(0.605, 0.02, 21.850);
    }

    @Test
    void a_press_easing_off_faster_than_a_faucet_under_a_knock_and_both_gone_back_to_the_keg_is_nothing() {
        // Guards issue 12, twenty-first round (seed 61019 at 10 SPS): a 2.62 kg lean on a half barrel eased off three times
        // a faucet's pace, and a 2.0 kg knock came on as the ease ended. The episode settled on the knock 0.62 kg under
        // the lean's weight and that was told at once as a 20.6 oz pour; the knock's going, back to within a gram of the
        // keg before the lean, left 0.62 kg held for 17 h and every reading 1.1-1.4 % off or without a level. The
        // resource holds its filtered weights.
        recorded(45.662, recordedWeights("seed-61019-press-eased-fast-then-knock-gone.txt"), 45.661);

        assertNothingHappened(45.661);
    }

    @Test
    void a_lean_on_a_thing_that_eases_off_back_to_where_it_began_after_a_knock_came_and_went_is_nothing() {
        // Guards issue 12, twenty-first round (seed 36021 at 10 SPS): with a 0.219 kg thing held on a quarter barrel, a
        // 0.23 kg knock came and went, and 17 s later a 0.60 kg lean came on and eased off over 7 s back to within a gram
        // of where it began. The knock's going was taken for a lean lifting the keg, the new lean's rise, 0.37 kg more than
        // that, for it let go with beer drawn meanwhile: a false 7.6 oz pour, and 0.23 kg more held as a thing for hours.
        aKegAt40WithALoadOn(0.219);
        hold(60);
        ramp(40.449, 1); // the knock
        hold(2);
        ramp(40.219, 0.5);
        hold(17);
        ramp(40.819, 0.5); // the lean
        hold(0.5);
        ramp(40.219, 6.5);
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01)); // the thing still held
    }

    @Test
    void a_pour_under_a_leans_ease_that_goes_on_from_the_plateau_its_episode_closed_on_is_one_pour() {
        // Guards issue 12, twenty-first round (seed 38020 at 80 SPS): a 0.632 kg lean lifted a half barrel and eased off
        // over 14 s, and a 23.4 oz pour began 6 s into the ease. Pour and ease held the weight flat long enough for a
        // plateau; the episode was closed there with the lean taken for gone whole and 12.8 oz for beer, and the fall
        // on from the plateau, already under way, was told as a second pour of 10.6 oz: one false, though the beer was
        // right. The resource holds its filtered weights.
        recordedAtEightySps(51.609, recordedWeights("seed-38020-lean-lifting-eased-as-a-pour-began.txt"), 50.876);

        assertOnePourAndNothingHeld(0.733, 0.02, 50.876);
    }

    @Test
    void a_lean_lifting_the_keg_that_rose_back_from_its_low_under_a_pour_running_past_its_ease_is_gone_whole() {
        // Guards issue 12, twenty-second round (seed 63013 at 10 SPS): a 0.761 kg lean lifted a half barrel at once and
        // eased off over 11 s with a 22.5 oz pour (0.70 kg) under its second half and 1.7 s past it. The weight rose
        // 0.1 kg or more from its low while the lean eased, then the pour's tail drew it down again to settle 45 g above
        // the low, under half a press: the lean was held as still on, the pour missed, and the level claimed 1.14 % off
        // while DISTURBED until the next pour. The resource holds its filtered weights.
        recorded(60.500, recordedWeights("seed-63013-lean-lifting-eased-under-a-pour-past-its-end.txt"), 59.797);

        assertOnePourAndNothingHeld(0.703, 0.02, 59.797);
    }

    @Test
    void a_thing_lifted_off_while_a_lean_lifting_the_keg_eased_is_no_pour_when_the_weight_fell_by_the_thing() {
        // Guards issue 12, twenty-second round (seed 64016 at 80 SPS): a 1.021 kg thing stood on a half barrel; a 10.078 kg
        // lean lifted the keg and eased off over 20 s, and the thing was lifted off 10 s into it. The weight settled 1.022 kg
        // lighter, which was told as a 33.4 oz pour with the thing still held. The resource holds its filtered weights from
        // after the thing was set on; here it is set on in 1 s and left 2 minutes first, past any lean's life.
        double[] thingSetOn = new double[120 * 80];
        for (int i = 0; i < thingSetOn.length; i++) {
            thingSetOn[i] = 66.424 + 1.021 * Math.min(1.0, i / 80.0);
        }
        double[] recorded = recordedWeights("seed-64016-thing-lifted-off-while-a-lean-lifting-eased.txt");
        recordedAtEightySps(66.424, java.util.stream.DoubleStream.concat(java.util.Arrays.stream(thingSetOn),
                java.util.Arrays.stream(recorded)).toArray(), 66.423);
        detector.flushPendingPour();

        assertNothingHappened(66.423);
    }

    @Test
    void a_lean_easing_under_a_knock_is_no_pour_when_the_knocks_going_leaves_the_keg_where_it_stood_before_them() {
        // Guards issue 12, twenty-second round (seed 36021 at 10 SPS): a 0.219 kg lean on a quarter barrel eased off at
        // 7 g/s as a 7.2 kg knock came and went; the 91 g it eased under the knock was told as a 3.0 oz pour, and the
        // knock's going was taken for it alone: the lean held on for 4 h, the level 0.77 % off while DISTURBED, with the
        // weight back within a gram of the keg before the lean. The resource holds its filtered weights.
        recorded(30.336, recordedWeights("seed-36021-lean-eased-under-a-knock-that-came-and-went.txt"), 30.335);
        detector.flushPendingPour();

        assertNothingHappened(30.335);
    }

    @Test
    void a_pour_under_a_hand_on_a_keg_with_a_glass_left_long_before_is_beer_and_the_glass_stays() {
        // a review's case against easedUnderAKnock: the pour under the hand weighs what the glass does, and the hand's
        // going lands where the keg stood before the glass. A glass held a minute is no lean easing off: the pour is beer
        for (double pourKg : new double[] {0.42, 0.45, 0.48}) {
            setUp();
            seen.clear();
            kg = 30;
            hold(3);
            ramp(30.45, 0.3); // a glass left on the keg
            hold(60);
            ramp(30.75, 0.2); // a hand rests on the keg
            hold(3);
            ramp(30.75 - pourKg, pourKg / 0.056); // a pour under it
            hold(3);
            ramp(30.45 - pourKg, 0.2); // the hand goes
            hold(5);

            assertOnePour(pourKg, 0.02);
            assertThat(detector.disturbed()).isTrue(); // the glass is still on
            assertThat(detector.kegKg()).isCloseTo(30 - pourKg, within(0.02));
        }
    }

    @Test
    void a_knock_after_a_pour_under_a_glass_brought_the_weight_back_to_the_keg_before_it_leaves_the_glass_on() {
        // a review's case: with beer told since the keg stood clear, the weight back there is no sign the glass went
        kg = 30;
        hold(3);
        ramp(30.45, 0.3); // a glass left on the keg
        hold(60);
        ramp(30.45 - 0.452, 0.452 / 0.056); // a pour of about its weight under it
        hold(65);
        ramp(kg + 0.3, 0.2); // a knock, gone at once
        ramp(30.45 - 0.452, 0.2);
        hold(5);

        assertOnePour(0.452, 0.02);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(30 - 0.452, within(0.02));
    }

    @Test
    void a_lift_ramped_on_at_a_faucets_pace_and_let_go_back_to_where_it_began_is_nothing() {
        // a review's case against pressRampedOnAPourKg: the fall before the rise looks like beer, but nothing fell on
        // from the rise's top: the lift went, no press came on a pour
        kg = 40;
        hold(3);
        ramp(39.75, 2.5);
        hold(1);
        ramp(40, 1);
        hold(5);

        assertNothingHappened(40);
    }

    @Test
    void a_lean_lifting_the_keg_that_rocks_up_and_back_down_within_seconds_stays_held() {
        // a review's case against roseFromLow's easedBack: a rise from the low and a fall back at a faucet's top pace within
        // seconds is a lean rocking, not a lean eased whole with a pour of the whole fall under it
        kg = 60;
        hold(3);
        ramp(59.6, 0.2); // a lean lifts the keg by 0.4 kg
        hold(1.4);
        ramp(59.85, 1.5); // rocks up
        ramp(59.61, 1.5); // and back down, and stays
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(60, within(0.02));
    }

    @Test
    void a_pour_begun_long_after_the_plateau_an_episode_closed_on_is_a_pour_of_its_own() {
        // Guards issue 12, twenty-second round (seed 47016 at 80 SPS): a 7.601 kg lean eased off over 47 s with pours of
        // 15.8, 12.7 and 21.0 oz under it. The second pour's episode closed on a plateau with the third's fall under way,
        // but the weight had stood within pour_start_kg of that plateau for 22.6 s first: the two were told as one pour
        // of 33.8 oz. The resource holds its filtered weights.
        recordedAtEightySps(53.047, recordedWeights("seed-47016-lean-easing-across-two-pours-apart.txt"), 51.5175);
        detector.flushPendingPour();

        assertThat(seen).hasSize(3).allMatch(event -> event.startsWith("drop "));
        assertThat(droppedKg(0)).isCloseTo(0.488, within(0.02));
        assertThat(droppedKg(1)).isCloseTo(0.394, within(0.02));
        assertThat(droppedKg(2)).isCloseTo(0.648, within(0.02));
        assertThat(detector.disturbed()).isFalse();
    }

    @Test
    void a_lean_lifting_the_keg_held_from_before_a_pour_is_gone_once_the_weight_rose_from_the_pours_low() {
        // Guards issue 12, twenty-first round (seed 41014 at 80 SPS): a 0.380 kg lean lifted a slim quarter, settled and was
        // held; 15 s later a 17.95 oz pour (0.531 kg) ran with the lean easing off under it and after it, the weight settled
        // 0.21 kg above the pour's low. The lean was held as still on, the pour told as 5.1 oz, and the lean released a
        // minute later with the rest of the pour never counted. The resource holds its filtered weights.
        recordedAtEightySps(33.489, recordedWeights("seed-41014-lean-lifting-eased-under-a-later-pour.txt"), 32.958);

        assertOnePourAndNothingHeld(0.531, 0.02, 32.958);
    }

    @Test
    void a_pour_taken_for_a_thing_easing_off_is_told_once_the_thing_is_lifted_off_and_stays_off() {
        // Guards issue 12, twentieth round (seed 53031 at 10 SPS): a 0.311 kg thing set on a half barrel, then 30 s later an
        // 11.1 oz pour (0.331 kg), which the weights alone cannot tell from the thing easing off. Taken for the ease, the
        // pour was never counted; the thing, lifted 50 min later, was held as a lean and released a minute after.
        aPourUnderAPressThenAFallOfItsWeight(49.456); // the next pour, 43 g/s
        hold(5);
        assertThat(seen).hasSize(1); // the second taken for the thing easing off
        hold(600);

        ramp(49.145, 0.3); // the thing lifted off, and it stays off
        hold(70);

        assertThat(seen).hasSize(2);
        assertThat(seen.get(1)).startsWith("drop 33"); // with its own times
        assertThat(droppedKg(1)).isCloseTo(0.331, within(0.02));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(49.145, within(0.01));
    }

    @Test
    void a_pour_told_late_as_a_press_is_lifted_does_not_join_the_pour_begun_on_the_lifts_plateau() {
        // the guard of joinable (twenty-first round): a fall taken for a press easing off, the press lifted within a
        // lean's life, and a pour begun before the lift's episode settled. The lift's episode, closed on its plateau,
        // tells the earlier fall as the pour it was (liftedAfterEase): that pour is not the closing episode's own, and
        // is not joined to the pour after the lift
        aPourUnderAPressThenAFallOfItsWeight(49.476); // the press easing off, 40 g/s
        int before = seen.size();
        hold(5);
        ramp(49.165, 0.3); // the press lifted off after all
        hold(1.2);
        ramp(49.165 - 0.36, 6); // a pour at 60 g/s
        hold(5);

        assertThat(seen).hasSize(before + 2);
        assertThat(droppedKg(before)).isCloseTo(0.311, within(0.03)); // the fall taken for the ease, told late
        assertThat(droppedKg(before + 1)).isCloseTo(0.36, within(0.02));
    }

    @Test
    void a_press_that_eased_off_and_a_later_knock_lifting_the_keg_by_its_weight_leave_no_pour() {
        // the guard of thingLiftedAfterItsEase: a knock lifting the keg goes within a lean's life, and a press taken for
        // eased off is told as a pour only when a fall of its weight stays
        aPourUnderAPressThenAFallOfItsWeight(49.476); // the press easing off, 40 g/s
        hold(600);

        ramp(49.165, 0.3); // a knock lifting the keg by the press's weight
        hold(3);
        ramp(49.476, 0.3); // gone
        hold(70);

        assertThat(seen).singleElement().asString().startsWith("drop ");
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(49.476, within(0.01));
    }

    @Test
    void a_knock_lifting_the_keg_as_a_leans_ease_ends_is_no_pour_though_the_weight_rose_from_the_leans_low() {
        // Guards issue 12, twentieth round (seed 8042 at 80 SPS): a 1.668 kg lean lifted a near-empty keg and eased off
        // over 15 s, and a 0.216 kg knock lifted it as the ease ended. The weight had risen far from the lean's low, but
        // that says only the lean eased: a draft took the knock's lift for a 7 oz pour, then its going for a thing set
        // on. The resource holds its filtered weights.
        recordedAtEightySps(12.535, recordedWeights("seed-8042-knock-lifting-as-a-leans-ease-ended.txt"), 12.535);
        atEightySps(12.535, 12.535, 60);

        assertNothingHappened(12.535);
    }

    @Test
    void a_thing_lifted_while_a_lean_rocks_the_keg_is_gone_and_no_pour() {
        // Guards issue 12, nineteenth round (seed 49035 at 10 SPS): a 0.537 kg thing stood 9 min on a quarter barrel and
        // was lifted while a 2.8 kg lean rocked on the keg; the rocking left the steps unable to tell a load, the fall by
        // the thing's weight was reported as a 17.5 oz pour and the thing held: 1.8 % low while DISTURBED for hours.
        // The resource holds its filtered weights.
        kg = 35.002;
        hold(3);
        ramp(35.539, 0.5); // the thing set on, and left
        hold(60);
        double[] weights = recordedWeights("seed-49035-thing-lifted-under-a-rocking-lean.txt");
        recorded(35.539, weights, 35.002);

        assertNothingHappened(35.002);
    }

    @Test
    void a_pour_under_a_rocking_lean_the_weight_of_a_press_that_may_have_eased_off_is_a_pour() {
        // Guards issue 12, nineteenth round (seed 2011 at 10 SPS): a 0.63 kg lean held in doubt for 1.5 h (it may have
        // eased off under a pour) was taken for lifted when a 20.6 oz pour under a rocking lean fell 16 g from its
        // weight, and the pour was lost. A press that may have gone already is no thing to lift.
        // given a 0.537 kg press and a 0.7 kg pour within its lean's life, which may have taken it
        kg = 36.0;
        hold(3);
        ramp(36.537, 0.1);
        hold(5);
        ramp(35.837, 0.7 / 0.06);
        hold(5);
        assertThat(seen).hasSize(1);
        // when a rocking lean comes with a fall of the press's weight (49035's weights, 0.298 kg heavier)
        double[] weights = recordedWeights("seed-49035-thing-lifted-under-a-rocking-lean.txt");
        for (int i = 0; i < weights.length; i++) {
            weights[i] += 0.298;
        }
        recorded(35.837, weights, 35.300);

        // then it is a pour
        assertThat(seen).hasSize(2);
        assertThat(droppedKg(1)).isCloseTo(0.537, within(0.01));
    }

    @Test
    void a_knock_lifting_the_keg_in_one_step_heavier_than_the_thing_on_it_is_no_thing_lifted_with_beer() {
        // Guards issue 12, eighteenth round (seed 43017 at 10 SPS): a 0.485 kg knock lifted a half barrel with a 0.367 kg
        // thing held on it, in one step. It was taken for the thing lifted with 0.118 kg of beer drawn while the thing came
        // on, though the steps had measured the thing whole then and the knock whole now, and a reading took the keg as the
        // weight, 0.8 % low and undisturbed: the time the thing and the knock took to come on was counted as time a faucet
        // could have run. What the steps measure is no beer.
        // its filtered weights, the thing's moved to the keg's weight when the knock came (a pour's worth apart)
        recorded(36.70, new double[] {36.865, 36.894, 36.917, 36.971, 37.011, 37.040, 37.067}, 37.067); // the thing
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(36.70, within(0.01));

        recorded(37.067, new double[] {36.8112, 36.7234, 36.6619, 36.6131, 36.5843, 36.5777}, 36.582); // the knock
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(36.70, within(0.01));

        ramp(37.067, 0.2); // and is let go
        hold(4);
        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(36.70, within(0.01));
    }

    @Test
    void a_pour_right_after_a_thing_is_set_on_the_keg_is_in_the_keg_once_the_weight_settles() {
        // Guards the rule above (eighteenth round, seed 31025 at 80 SPS in a first draft): a 0.65 kg thing set on a slim
        // quarter and a 12.3 oz pour right after it; the keg taken as heavy as when the thing came on read 1.26 % high.
        kg = 33.39;
        hold(3);
        ramp(34.04, 0.3); // a thing set on the keg
        hold(3);
        ramp(33.67, 6.5); // a pour of 0.37 kg
        hold(3);

        assertThat(seen).hasSize(1);
        assertThat(droppedKg(0)).isCloseTo(0.37, within(0.02));
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
        assertThat(detector.kegKg()).isCloseTo(33.02, within(0.02));
    }

    @Test
    void the_beer_a_knocks_rise_may_have_hidden_goes_with_the_knock() {
        // Guards issue 12, sixteenth round (seed 16024 at 80 SPS): a 0.86 kg knock came on a quarter barrel with a 0.41 kg
        // thing on it during a pour and was lifted 4 s later. The beer its rise may have hid stayed with the thing as a
        // doubt after the knock was gone, and the keg went 2.3 h without a level until the thing was lifted.
        aKegAt40WithALoadOn(0.4); // a thing left on the keg
        ramp(40.3, 2); // a pour begins
        ramp(41.16, 0.3); // a knock comes on during it
        ramp(40.86, 5); // the pour goes on under it
        hold(5);
        ramp(40.0, 0.2); // the knock is lifted
        hold(5);

        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(39.6, within(0.02));
        assertThat(detector.unseenBeerKg()).isZero();
    }

    @Test
    void a_thing_lifted_off_over_a_ramp_its_steps_measured_in_part_is_gone_when_the_weight_fell_by_it() {
        // Guards issue 12, sixteenth round (seed 32013 at 10 SPS; the resources hold its filtered weights): a 0.303 kg thing
        // ramped onto a half barrel as a 12.1 oz pour ended (held as 0.259 kg, the beer its rise hid unknown) and was lifted
        // off 28 min later over 0.85 s, no pour. Its lift's step measured 0.155 kg; taken for another lift, a knock, the
        // thing was kept and the fall reported as a 4.9 oz pour. The fall was the thing, whole. (A 13.8 oz pour comes first.)
        recorded(14.157, recordedWeights("seed-32013-thing-set-on-as-a-pour-ended.txt"), 13.694);
        hold(60);
        for (double weight : recordedWeights("seed-32013-thing-lifted-ramped.txt")) {
            ramp(weight, 0.1);
        }
        kg = 13.390;
        hold(3);

        detector.flushPendingPour();
        assertThat(seen).hasSize(2); // a 13.8 oz pour before, and the 12.1 oz one, less what the thing's rise hid
        assertThat(droppedKg(1)).isCloseTo(0.366, within(0.05));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(13.390, within(0.01));
    }

    /**
     * A keg at 40 kg with a 0.395 kg thing on it; a 2.85 kg lean lifts it at once, holds {@code heldSeconds}, and eases
     * off at 0.23 kg/s with a 0.68 kg pour under the last 9 s of its ease; then 5 s still.
     */
    void aLeanOnAThingEasingOffWithAPourUnderIt(double heldSeconds) {
        aKegAt40WithALoadOn(0.395); // a thing left on the keg
        ramp(40.395 - 2.85, 0.2); // a lean lifts the keg
        hold(heldSeconds);
        ramp(40.395 - 2.85 + 0.93, 4.1); // easing off at 0.23 kg/s
        ramp(40.395 - 0.68 - 0.06, 8.2); // a 0.68 kg pour under the rest of its ease
        ramp(40.395 - 0.68, 1); // the pour ends
        hold(5);
    }

    @Test
    void a_crate_lifted_in_the_middle_of_a_long_pour_is_gone_and_the_keg_is_its_weight_after() {
        // Guards issue 12 (seed 20261222 life 25, 2.9 % off for hours): a crate was lifted while a
        // long pour went on; the episode as a whole fell no faster than a faucet, so the crate's
        // weight was taken for beer and the crate was still held on the keg.
        aKegAt40WithALoadOn(0.5); // a crate

        ramp(39.5, 10); // a long pour under it
        ramp(39.0, 0.3); // the crate lifted
        ramp(38.0, 10); // the pour goes on
        hold(5);

        // the beer alone, 2 kg (round four reported none: it ran while a load hid it), once nothing can undo the lift
        detector.flushPendingPour();
        assertThat(seen).singleElement().asString().endsWith(" 2.000");
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(38.0, within(0.01));
    }

    @Test
    void a_lean_lifting_the_keg_let_go_during_a_pour_under_a_thing_on_it_is_no_thing_lifted_and_the_pour_counts() {
        // Guards issue 12, twelfth round (seed 19030 at 80 SPS, both bars): a 0.465 kg thing stood on a sixth barrel;
        // during a 21.6 oz pour a 2.3 kg lean lifted the keg for 3.3 s and was let go. The weight fell fast and settled
        // lighter than the keg alone, so the thing was taken for lifted with the beer: no pour, the thing dropped, and
        // the level claimed 2.3 % high, undisturbed, until the thing really went 36 min later.
        aKegAt40WithALoadOn(0.465); // a thing left on the keg
        ramp(40.165, 5); // a pour under it, 60 g/s
        ramp(37.865, 0.2); // a lean lifts the keg
        ramp(37.685, 3); // the pour goes on under the lean
        ramp(39.985, 0.2); // the lean let go
        ramp(39.79, 3.3); // the pour ends
        hold(5);

        // the beer, 0.675 kg, is a pour, and the thing is still on the keg
        assertOnePour(0.675, 0.01);
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(39.325, within(0.01));
    }

    @Test
    void a_lean_lifting_a_keg_with_a_thing_on_it_that_eases_off_back_to_the_thing_and_a_pour_after_leaves_the_thing() {
        // Guards issue 12, twelfth round (seed 16024 at 80 SPS): a 0.409 kg thing stood on a quarter barrel; a 3.36 kg lean
        // lifted the keg for 25 s and eased off over 11 s, the weight back to the keg and the thing, and a 15.8 oz pour
        // began as the ease ended. The steps measured the ease as the whole held load (lean and thing) going, the thing
        // was dropped with the pour's beer, no pour was reported and the level claimed 1.4 % high, undisturbed
        aKegAt40WithALoadOn(0.409); // a thing left on the keg
        ramp(37.05, 0.3); // a lean lifts the keg
        hold(25);
        ramp(40.409, 11); // the lean eases off, back to the keg and the thing
        ramp(39.924, 8.5); // a pour, 57 g/s
        hold(5);

        assertOnePour(0.485, 0.02);
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(39.515, within(0.02));
    }

    @Test
    void two_leans_on_a_thing_left_on_the_keg_that_leave_the_weight_where_it_was_are_no_pours() {
        // Guards issue 12, thirteenth round (seed 15021 at 10 SPS): with a 3.75 kg thing on a quarter barrel, a 0.36 kg lean
        // came on and eased off at 20 g/s, and before its ease had ended a 4.8 kg lean came on, held 10 s and eased off
        // at 0.45 kg/s, back to within 2 g of where the weight stood before the first. The first episode closed on the
        // second lean's plateau and took the slow ease for a pour under a press that stayed (11.5 oz); the second took
        // the press for lifted with beer under it (10.8 oz), and 0.67 kg more than the thing was held on the keg for
        // two hours, the level 1.2 % high. If the weight comes back to where it was, nothing happened
        aKegAt40WithALoadOn(3.748); // a thing left on the keg
        ramp(44.108, 0.5); // a lean comes on
        ramp(43.768, 17); // and eases off, 20 g/s
        ramp(48.568, 0.5); // a second lean before the ease ended
        hold(10);
        ramp(43.746, 10.5); // eases off, 0.45 kg/s
        hold(70); // longer than anything the detector may hold back

        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_pour_under_a_press_is_held_back_while_the_press_may_be_undone_then_reported_whole() {
        // issue 12, thirteenth round: a pour told from a press that came on during it is held back until nothing can undo
        // the press (a lean's life, or until the next episode ends), then reported, with its own times
        aPourOf560gUnderA460gPress();
        hold(5);

        assertThat(seen).isEmpty(); // the press may still be undone

        ramp(39.44, 0.3); // the press is lifted: the weight is not back where it was, the pour stands
        hold(5);

        assertThat(seen).singleElement().asString().startsWith("drop 3000..13000 "); // its own times, not the report's
        assertThat(droppedKg(0)).isCloseTo(0.56, within(0.01));
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.44, within(0.01));
    }

    @Test
    void a_pour_under_a_press_that_stays_is_reported_once_nothing_can_undo_the_press() {
        aPourOf560gUnderA460gPress();
        hold(5);
        assertThat(seen).isEmpty(); // held back: the press may still go back

        hold(30); // the press stays longer than a lean's life after the episode settled

        assertThat(seen).singleElement().asString().startsWith("drop 3000..13000 ");
        assertThat(droppedKg(0)).isCloseTo(0.56, within(0.01));
        assertThat(detector.disturbed()).isTrue(); // the press is still on the keg
    }

    @Test
    void a_lean_under_a_crate_is_not_the_crate_lifted_and_the_keg_is_clear_once_both_are_gone() {
        // Guards issue 12 (seed 20261322 life 5, a false swap hours later): with a 2.6 kg crate on the
        // keg, a 3.1 kg lean that settled passed for the crate lifted plus 0.5 kg of beer poured in
        // the episodes' still seconds; the keg's own weight was 0.5 kg off from then on, the scale
        // stayed disturbed and a keg set back later no longer matched it.
        // given a keg at 40 kg with a crate on it
        kg = 40;
        hold(3);
        ramp(42.6, 0.3);
        hold(5);

        // when someone leans on it for 5 s, then lifts the crate
        ramp(39.5, 0.3);
        hold(5);
        ramp(42.6, 0.3);
        hold(5);
        ramp(40, 0.3);
        hold(5);

        // then nothing happened: no event, the keg is its own 40 kg and the scale is not disturbed
        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }

    @Test
    void a_keg_lifted_with_a_crate_on_it_and_set_back_with_the_crate_is_the_same_keg() {
        // Guards issue 12 (the same keg lifted and set back is the same keg): the crate was taken to
        // leave with the keg, so the keg set back with the crate still on it weighed 2.6 kg more than
        // the keg alone and, after the platform was empty long enough, was a new keg.
        kg = 40;
        hold(3);
        ramp(42.6, 0.3);
        hold(5);

        ramp(0.2, 0.5);
        hold(30);
        ramp(42.6, 0.5);
        hold(5);

        assertThat(seen).containsExactly("absent");
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
        assertThat(detector.disturbed()).isTrue();
    }

    @Test
    void a_settled_rise_while_a_keg_stands_is_a_foreign_load_not_a_new_keg() {
        // issue 12: a rise above swap_rise_kg was taken for a new keg though the platform never went empty
        // given a keg at 30 kg; when 9 kg is set on it and stays
        kg = 30;
        hold(3);

        ramp(39, 1);
        hold(30);

        // then no event, the keg's own weight is held and the scale says it is disturbed
        assertThat(seen).isEmpty();
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.kegKg()).isCloseTo(30, within(0.005));
    }

    @Test
    void a_sensor_gap_makes_the_next_settled_weight_a_disturbance() {
        kg = 40;
        hold(3);

        detector.sensorGap(ms);
        assertThat(detector.phase()).isEqualTo(Phase.SETTLING);
        window.reset();
        ms += 5_000; // the sensor was out for 5 s
        kg = 39.6; // beer poured while the sensor was out
        hold(3);

        assertThat(seen).hasSize(1);
        assertThat(seen.get(0)).endsWith(" 0.400");
    }

    @Test
    void an_empty_platform_at_start_is_absent() {
        kg = 0.01;

        hold(2);

        assertThat(detector.phase()).isEqualTo(Phase.ABSENT);
    }

    @Test
    void a_keg_heavier_at_start_than_the_stored_settled_weight_is_a_new_keg() {
        // regression: a keg swapped while the agent was stopped settled as the old keg, no swap
        detector.expectAtStart(12);
        kg = 60;

        hold(3);

        assertThat(seen).containsExactly("new keg 60.000");
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    @Test
    void a_keg_lighter_at_start_poured_while_the_agent_was_stopped_and_is_no_swap() {
        detector.expectAtStart(40);
        kg = 31;

        hold(3);

        assertThat(seen).isEmpty();
        assertThat(detector.referenceKg()).isEqualTo(31.0);
    }

    @Test
    void a_start_weight_above_the_stored_one_by_no_more_than_the_swap_rise_is_no_swap() {
        // e.g. the stored weight is older and the cell drifted up a little
        detector.expectAtStart(40);
        kg = 40 + config.swapRiseKg();

        hold(3);

        assertThat(seen).isEmpty();
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    @Test
    void without_a_stored_weight_the_first_settle_is_no_swap() {
        detector.expectAtStart(Double.NaN);
        kg = 60;

        hold(3);

        assertThat(seen).isEmpty();
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
    }

    /** {@code loadKg(t)} on the keg for {@code seconds}, while beer leaves at {@code pourKgPerS}. */
    void loadUnder(double seconds, double pourKgPerS, java.util.function.DoubleUnaryOperator loadKg) {
        double keg = kg;
        int n = (int) Math.round(seconds * 10);
        for (int i = 1; i <= n; i++) {
            ms += 100;
            double weight = keg - pourKgPerS * i / 10 + loadKg.applyAsDouble(i / 10.0);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
        kg = keg - pourKgPerS * seconds + loadKg.applyAsDouble(seconds);
    }

    /** A load ramped on fast then slowly: half of {@code kg} over 0.3 s, the rest over 0.5 s (and off the other way round). */
    static double uneven(double kg, double t, double heldS) {
        double on = t <= 0.3 ? t / 0.3 * 0.5 : Math.min(1, 0.5 + (t - 0.3) / 0.5 * 0.5);
        double left = 0.8 + heldS + 0.8 - t;
        double off = left <= 0.3 ? left / 0.3 * 0.5 : Math.min(1, 0.5 + (left - 0.3) / 0.5 * 0.5);
        return kg * Math.min(on, off);
    }

    @Test
    void a_knock_ramped_on_fast_then_slowly_is_one_step_whether_a_pour_runs_under_it_or_not() {
        // issue 12, eighth round: a lean lifting the keg by 0.53-0.63 kg, ramped on over 0.7-0.9 s at about the step
        // detector's rate, broke into runs that ended on its ramp; the line fitted after was still on it and 0.15 kg of
        // the lean was reported as a pour at rest (seeds 20261346 at 10 SPS, 20261341 and 20261361 at 80 SPS)
        for (double pourKgPerS : new double[] {0, 0.06}) {
            for (double loadKg : new double[] {0.6, -0.6}) {
                setUp();
                seen.clear();
                kg = 40;
                hold(3);
                loadUnder(2, pourKgPerS, t -> 0);
                loadUnder(0.8 + 6 + 0.8, pourKgPerS, t -> uneven(loadKg, t, 6)); // held 6 s: it settles on the keg
                loadUnder(2, pourKgPerS, t -> 0);
                hold(5);

                double beer = pourKgPerS * 11.6;
                if (beer == 0) {
                    assertThat(seen).as("%.1f kg at rest", loadKg).isEmpty();
                } else {
                    assertOnePour(beer, 0.03); // 1 oz
                }
                assertThat(detector.disturbed()).isFalse();
                assertThat(detector.kegKg()).isCloseTo(40 - beer, within(0.03));
            }
        }
    }

    @Test
    void a_knock_right_after_a_pour_held_until_its_plateau_leaves_the_pour_whole() {
        // issue 12, eighth round: the knock's going, a fall from its plateau, closes the pour's episode and begins the
        // next; whether the knock went slowly was asked of the new episode's weights, which hold no step, and the
        // knock's 0.39 kg came off the 20 oz pour (seed 20261249 at 80 SPS on the bar of steps: 12.5 oz lost)
        kg = 40;
        hold(3);
        loadUnder(10, 0.06, t -> 0); // 0.6 kg, 20 oz
        hold(0.5);
        ramp(kg + 0.39, 0.1);
        hold(1.5); // past a plateau's half settle, short of settling
        ramp(kg - 0.39, 0.1);
        hold(5);

        assertOnePour(0.6, 0.03);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.4, within(0.03));
    }

    /** A keg settled at {@code fromKg}, then a replay's filtered {@code weights} 100 ms apart, then settled at {@code settledKg}. */
    void recorded(double fromKg, double[] weights, double settledKg) {
        kg = fromKg;
        hold(3);
        for (double weight : weights) {
            ramp(weight, 0.1);
        }
        kg = settledKg;
        hold(3);
    }

    /**
     * A half barrel settled at 49.749 kg, a 0.311 kg press (or thing) set on it, a 0.273 kg pour under it, then 8.8 s later a
     * fall at a faucet's pace over 7.7 s to {@code toKg}: the press easing off, or a pour of its weight (seed 53031).
     */
    void aPourUnderAPressThenAFallOfItsWeight(double toKg) {
        kg = 49.749;
        hold(3);
        ramp(50.060, 0.3);
        hold(15.5);
        ramp(49.787, 5.2);
        hold(8.8);
        ramp(toKg, 7.7);
    }

    /** A keg settled at {@code fromKg}, then the filtered weights of {@code resource} 100 ms apart, the episode still under way. */
    void recordedUnderWay(double fromKg, String resource) {
        kg = fromKg;
        hold(3);
        for (double weight : recordedWeights(resource)) {
            ramp(weight, 0.1);
        }
        assertThat(detector.phase()).isNotEqualTo(Phase.STABLE);
    }

    /**
     * As {@link #recorded}, at 80 SPS (12.5 ms apart): a keg settled at {@code fromKg}, the {@code weights}, then settled at
     * {@code settledKg} for 3 s (NaN: the recording ends with the last weight).
     */
    void recordedAtEightySps(double fromKg, double[] weights, double settledKg) {
        detector = new KegDetector(config, 80, listener);
        window = new StabilityWindow(config.stableSamples(80), config.stableStdKg(), config.stableDriftKg());
        int before = 3 * 80;
        int after = Double.isNaN(settledKg) ? 0 : 3 * 80;
        for (int i = 0; i < before + weights.length + after; i++) {
            double weight = i < before ? fromKg : i < before + weights.length ? weights[i - before] : settledKg;
            ms = Math.round(i * 12.5);
            window.add(weight);
            detector.accept(ms, weight, window);
        }
    }

    /** The weights of a test resource next to this class, one per line ({@code #} lines are comments), kg. */
    double[] recordedWeights(String resource) {
        try (var in = getClass().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.startsWith("#") && !line.isBlank()).mapToDouble(Double::parseDouble).toArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void a_knock_lifting_the_keg_that_goes_during_a_pour_under_it_closes_nothing_on_a_filtered_sample_of_its_rise() {
        // issue 12, ninth round (seed 5025 at 10 SPS; these are its filtered weights from 23:10:45.0, kg): a knock lifted
        // a quarter barrel by 0.28 kg, an 8.4 oz pour (0.254 kg) began under it from its plateau, and the knock went in
        // 0.3 s; the spike filter passed its window's median (35.6124) for the third sample of the rise, below the plateau,
        // which closed the episode there as if a new fall began: the knock's lift was reported as a 9.3 oz pour and the
        // reading sent with it was 0.73 % low
        recorded(35.943, new double[] {
            35.9431, 35.9427, 35.9469, 35.9431, 35.9428, 35.9427, 35.7686, 35.7159, 35.6973, 35.6692,
            35.6571, 35.6593, 35.6642, 35.6611, 35.6594, 35.6642, 35.6617, 35.6601, 35.6625, 35.6633,
            35.6611, 35.6617, 35.6632, 35.6662, 35.6364, 35.6280, 35.6611, 35.6328, 35.5863, 35.6069,
            35.5967, 35.5804, 35.5816, 35.5690, 35.5672, 35.5580, 35.6022, 35.6000, 35.6124, 35.7345,
            35.7412, 35.6124, 35.8458, 35.7820, 35.8009, 35.8030, 35.8042, 35.7792, 35.8078, 35.8109,
            35.7555, 35.8030, 35.7705, 35.7682, 35.7489, 35.7349, 35.6967, 35.6993, 35.7234, 35.7373,
            35.7024, 35.6645, 35.6894, 35.7304, 35.6774, 35.6710, 35.7059, 35.6939, 35.6787, 35.6915,
            35.6944, 35.6835, 35.6885, 35.6931}, 35.689);

        assertOnePour(0.254, 0.01);
        assertThat(kegAtEvent.get(0)).isCloseTo(35.689, within(0.01));
        assertThat(detector.disturbed()).isFalse();
    }

    @Test
    void a_lean_ramped_on_over_most_of_a_second_at_a_few_times_a_faucets_rate_is_one_step_and_no_pour() {
        // issue 12, ninth round: leans and knocks lifting the keg by 0.27-0.44 kg, ramped on at rest over most of
        // a second at 0.3-0.5 kg/s (the first 0.12-0.23 kg within a sample, the filters' doing), ended their run of change
        // on the ramp: the line fitted after it was still on it, half the load was measured and the rest reported as a
        // pour of 3.6-5.2 oz (seeds 1007, 1025, 20261328, 61, 137, 267 at 10 SPS); the lean, eased off later, left that
        // much held on the keg as a load
        for (double loadKg : new double[] {-0.34, -0.44, 0.34}) {
            setUp();
            seen.clear();
            kg = 40;
            hold(3);
            double first = Math.copySign(0.13, loadKg);
            loadUnder(0.7, 0, t -> t <= 0.1 ? first * t / 0.1 : first + (loadKg - first) * (t - 0.1) / 0.6);
            hold(10);
            assertThat(detector.kegKg()).as("%.2f kg held", loadKg).isCloseTo(40, within(0.03));
            ramp(40, 15); // eased off
            hold(5);

            assertThat(seen).as("%.2f kg", loadKg).isEmpty();
            assertThat(detector.disturbed()).isFalse();
            assertThat(detector.kegKg()).isCloseTo(40, within(0.03));
        }
    }

    @Test
    void a_heavy_lean_lifting_the_keg_eased_off_with_a_pour_under_its_ramp_is_gone_whole_and_the_pour_is_the_beer() {
        // issue 12, ninth round (seed 245 at 10 SPS): a 7.7 kg lean lifting the keg eased off over 14 s with a 20 oz pour
        // under its last 5 s. The ease's run holds the beer drawn while it ran, so its step falls short of the lean by
        // that beer, more than a step's noise: the pour was lost (the lean taken as gone with the beer in its weight),
        // or with the run seen whole, half of it was reported and the rest held on the keg as a lean for hours. A lean
        // goes whole, and what its step lacks, no more than a faucet pours while it moved, is the pour
        kg = 40;
        hold(3);
        ramp(40 - 7.7, 0.3);
        hold(20);
        // eased off over 9 s (0.86 kg/s); a 0.3 kg pour at 50 g/s under its last 6 s
        loadUnder(12, 0, t -> 7.7 * Math.min(1, t / 9) - 0.05 * Math.max(0, Math.min(t, 9) - 3));
        hold(5);

        assertOnePour(0.3, 0.03);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(39.7, within(0.03));
    }

    /** A quarter barrel settled at 21.244 kg, then a 0.492 kg lean lifting it, on in 0.5 s, settled and held (seed 5017). */
    void aQuarterBarrelWithALeanLiftingIt() {
        kg = 21.244;
        hold(3);
        ramp(21.244 - 0.492, 0.5);
        hold(3);
    }

    @Test
    void a_lean_lifting_the_keg_that_eases_off_slower_than_a_faucet_after_a_pour_under_it_is_the_lean_going() {
        // issue 12, tenth round (seed 5017 at 10 SPS): a 0.49 kg lean lifted a quarter barrel, a 0.52 kg pour ran under
        // it, then the lean eased off over 12 s (0.04 kg/s, slower than a faucet, no step). The episode settled 26 g
        // under its start and the lean was held: no pour, the keg that much heavier. Beer never adds weight: a slow
        // rise from the episode's lowest by the lean's weight is the lean going, and the fall before it is beer
        aQuarterBarrelWithALeanLiftingIt();
        pourUnder(8.6, t -> 0); // 0.516 kg
        hold(0.6);
        ramp(kg + 0.492, 12);
        hold(5);

        assertOnePour(0.516, 0.03);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(21.244 - 0.516, within(0.03));
    }

    @Test
    void a_lean_lifting_the_keg_that_rises_back_by_part_of_itself_after_a_pour_under_it_is_gone_whole() {
        // the same lean eased off with a pour running under the first part of its ease, and the episode settled where
        // it began: the weight rose from its lowest by less than the lean, the beer hiding the rest. A lean eases off
        // whole (twenty-first round, seed 41014: held as maybe part gone until outlived, the beer its ease hid was never
        // counted): the beer is the fall and the lean together
        aQuarterBarrelWithALeanLiftingIt();
        pourUnder(4.2, t -> 0); // 0.252 kg
        pourUnder(4, t -> 0.492 * t / 12); // the ease begins, the pour runs on 4 s under it: 0.24 kg
        ramp(kg + 0.492 * 8 / 12, 8);
        hold(5);

        assertOnePourAndNothingHeld(0.492, 0.02, 21.244 - 0.492);
    }

    @Test
    void a_keg_told_by_the_steps_under_a_lean_that_has_begun_to_ease_is_never_heavier_than_before() {
        // issue 12, tenth round (seed 5016 at 80 SPS): a 0.56 kg lean lifted a sixth barrel at rest, its step measured,
        // and began to ease off at once; 0.08 kg of rise, less than a step, left the step's estimate standing, and a
        // reading took the keg 0.08 kg heavier than it was before the lean (0.5 % of its beer). Beer never adds weight
        kg = 22.203;
        hold(3);
        ramp(22.203 - 0.555, 0.5);
        hold(0.6);
        double heaviest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 90; i++) { // eased off over 9 s
            ramp(kg + 0.555 / 90, 0.1);
            heaviest = Math.max(heaviest, detector.kegKg());
        }
        hold(5);

        assertThat(heaviest).isLessThanOrEqualTo(22.203 + 0.005);
        assertThat(seen).isEmpty();
        assertThat(detector.kegKg()).isCloseTo(22.203, within(0.01));
    }

    @Test
    void a_lift_let_go_then_a_fall_faster_than_a_faucet_unmeasured_by_the_steps_leaves_the_keg_unsure() {
        // issue 12, tenth round (seed 160 at 80 SPS): a 0.28 kg knock lifting the keg during a pour was let go, and a
        // 0.24 kg lean lifted it 0.5 s after the pour's end, each ramped at about 0.25 kg/s: faster than a faucet, no
        // step. The lean was reported with the pour and the reading sent with it claimed a level 0.8 % low. A rise
        // after a fast fall is the lift going, so a fast fall after it is another lift: the keg may weigh that much more
        kg = 40;
        hold(3);
        pourUnder(1, t -> 0);
        pourUnder(7, t -> -0.3 * Math.min(1, t) + 0.3 * Math.max(0, Math.min(1, t - 5))); // lifted over 1 s, let go
        pourUnder(1.5, t -> 0); // 9.5 s of 60 g/s: 0.57 kg
        hold(0.5);
        ramp(kg - 0.24, 1); // a lean lifts it at 0.24 kg/s
        hold(5);

        assertThat(seen).hasSize(1); // the lean is in the pour: its weights cannot tell it
        assertThat(detector.disturbed()).isTrue();
        assertThat(detector.easedUnseenKg()).isCloseTo(0.24, within(0.03));
        hold(60);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.easedUnseenKg()).isZero();
    }

    @Test
    void a_heavy_lean_lifting_the_keg_whose_ease_the_steps_measure_heavier_than_it_lifted_is_gone_whole() {
        // issue 12, eleventh round (seed 11033 at 10 SPS; the resource holds its filtered weights from 17:32:30.0): a 10.79 kg
        // lean lifted a sixth barrel, held 4 s, then eased off over 10 s at 1.08 kg/s with a 12.7 oz pour (0.396 kg) under
        // it. The steps measured its going as 10.96 kg: a 17.9 oz pour was reported and 0.16 kg held on the keg for the
        // rest of its life, every level 0.7-0.8 % low. A lean's going rises by no more than it lifted
        recorded(19.924, recordedWeights("seed-11033-lean-easing.txt"), 19.528);

        assertOnePourAndNothingHeld(0.396, 0.01, 19.528);
    }

    @Test
    void a_knock_lifting_a_keg_with_a_thing_on_it_let_go_under_a_pour_is_gone_though_its_step_hides_some_beer() {
        // Guards issue 12, fifteenth round (seed 24033 at 10 SPS on the bar of steps; the resource holds its filtered
        // weights): a 0.381 kg knock lifted a slim quarter with a 4.133 kg thing on it and was let go 3.6 s into a 23.7 oz
        // pour (0.704 kg). Its step under the pour measured 0.330 kg, 51 g short of the knock, past half a step's noise:
        // the knock was held on, 11 oz of the pour were lost, and the level claimed 1.3 % high until the thing went.
        // A rise under a pour hides what the faucet drew while it moved.
        kg = 13.306;
        hold(3);
        ramp(17.439, 0.3); // the thing
        hold(5);
        for (double weight : recordedWeights("seed-24033-knock-let-go-under-a-pour.txt")) {
            ramp(weight, 0.1);
        }
        kg = 16.735;
        hold(3);

        assertOnePour(0.704, 0.02);
        assertThat(detector.disturbed()).isTrue(); // the thing is still on
        assertThat(detector.kegKg()).isCloseTo(12.602, within(0.01));
    }

    @Test
    void a_lean_ramped_on_during_a_pour_is_measured_whole_though_the_spike_filter_passed_the_old_level_for_its_ramp() {
        // Guards issue 12, fifteenth round (seed 16041 at 10 SPS; the resource holds its filtered weights): a 0.699 kg lean
        // ramped onto a quarter barrel in 0.65 s during a 14.0 oz pour (0.419 kg), held 10 s and eased off over 12 s at a
        // faucet's pace. The spike filter passed the old level for two of the ramp's weights, so one weight up the ramp
        // stood in the line fitted before the step: the lean was measured 0.605 kg, 10.9 oz of the pour reported, and its
        // ease, 94 g more than the press held, taken for a 23.4 oz pour under a press that stays (and 1.8 h without a level).
        recorded(31.669, recordedWeights("seed-16041-lean-ramped-on-during-a-pour.txt"), 31.251);

        assertOnePourAndNothingHeld(0.419, 0.03, 31.251); // less the beer drawn while the lean's ramp moved, in its step
    }

    @Test
    void a_lean_ramped_on_as_a_pour_ended_may_weigh_the_beer_its_rise_hid_and_its_ease_is_no_pour() {
        // Guards issue 12, sixteenth round (seed 31035 at 10 SPS; the resource holds its filtered weights): a 0.801 kg lean
        // ramped onto a quarter barrel in 0.7 s as a 20.6 oz pour (0.631 kg) ended, held 29 s and eased off over 6 s. The
        // spike filter held the old level for the ramp's first samples while the faucet still ran, so the lean's step
        // measured 0.741 kg; its ease, 59 g more than that (past half a press), was taken for a 26.1 oz pour under a press
        // that stays, and the keg went without a level for 1.8 h.
        recorded(27.069, recordedWeights("seed-31035-lean-ramped-on-as-a-pour-ended.txt"), 26.435);

        assertOnePourAndNothingHeld(0.631, 0.03, 26.435); // with the beer the lean's rise hid
    }

    @Test
    void a_press_eased_off_fast_back_to_where_the_weight_stood_before_it_is_gone_before_the_episode_settles() {
        // issue 12, eleventh round (seed 11031 at 10 SPS; the resource holds its filtered weights from 16:58:32.0 to the
        // reading at 16:58:47.7): a 4.317 kg press came on a half barrel at 44.410 kg and eased off over 8.5 s at 0.5 kg/s,
        // no pour. 0.6 s after, the episode not yet settled, the steps measured the ease as 3.850 kg and the reading
        // claimed the rest, 0.47 kg, as beer drawn: 0.79 % low. The weight stood still back where it stood before the press
        recordedUnderWay(44.41, "seed-11031-press-easing.txt");
        assertThat(detector.kegKg()).isCloseTo(44.41, within(0.01));
        assertThat(detector.unseenBeerKg()).isZero();
    }

    @Test
    void a_lean_that_comes_on_past_where_a_pour_began_leaves_that_pour_closed_on_its_plateau() {
        // issue 12, twelfth round (seed 8023 at 10 SPS on the real bar; the resource holds its filtered weights from
        // 20:14:22.1): a 12.7 oz pour (0.376 kg) from a sixth barrel at 11.600 kg, then a 1.6 kg lean rocking on 1.9 s after
        // it, a 19.3 oz pour (0.572 kg) under the lean, and the lean gone. The lean's rise from the first pour's plateau
        // went past where that pour began: no lift coming back, so the first pour's episode still closes on its plateau
        // (taken for a lift come back, both pours were reported as one of 32.0 oz and the second missed)
        recorded(11.6, recordedWeights("seed-8023-lean-after-a-pour.txt"), 10.652);

        assertThat(seen).hasSize(2);
        assertThat(droppedKg(0)).isCloseTo(0.376, within(0.01));
        assertThat(droppedKg(1)).isCloseTo(0.572, within(0.01));
        assertThat(detector.disturbed()).isFalse();
    }

    @Test
    void a_lean_lifting_the_keg_gone_in_an_episode_that_settled_where_it_began_is_not_put_back_by_the_settled_weight() {
        // issue 12, twelfth round (seed 21005 at 10 SPS): a 0.30 kg lean lifted a near-empty sixth barrel during a pour and
        // was held; it eased off over 20 s (the weight rose 0.24 kg), and the keg's last 0.27 kg of beer was drawn under
        // the end of its ease. The episode settled 21 g from where it began: the lean was taken for gone, but the settled
        // weight, that near where the episode began, was then read as the weight creeping back to before the lean's going,
        // and the lean was put back on the keg: the level claimed 1.7 % high (DISTURBED) until the lean was outlived.
        // A weight that never left where it stood has not crept back
        kg = 8.607;
        hold(3);
        pourUnder(3, t -> 0); // 0.18 kg
        pourUnder(5, t -> -0.3 * Math.min(1, t / 0.3)); // a lean lifts the keg by 0.3 kg over 0.3 s: 0.3 kg more beer
        holdUntil(Phase.STABLE);
        assertOnePour(0.48, 0.03);
        assertThat(detector.disturbed()).isTrue(); // the lean is held
        seen.clear();
        double held = kg;

        ramp(kg + 0.1875, 5); // the lean eases off slower than a faucet pours
        pourUnder(5, t -> 0.1125 * Math.min(1, t / 3)); // the rest of its ease over a pour of 0.3 kg, the keg's last beer
        hold(5);

        assertThat(kg).isCloseTo(held, within(0.001)); // back where the episode began
        assertThat(detector.phase()).isEqualTo(Phase.STABLE);
        assertThat(detector.disturbed()).isFalse();
        assertThat(detector.kegKg()).isCloseTo(kg, within(0.01));
    }

    @Test
    void a_press_taken_for_eased_off_under_way_while_a_pour_may_have_made_its_fall_may_still_be_on() {
        // issue 12, twelfth round (seed 22004 at 80 SPS): a 0.53 kg press came on a sixth barrel 2.6 s into a 19.6 oz
        // pour and eased off over 15 s; 3.6 s after the pour's end, part of the press still on, the weight was back below
        // where it stood before the press, the steps' press was taken for eased off and a reading claimed the level
        // 0.79 % high. That fall may be the beer drawn under the press: the keg may be lighter by up to the press
        kg = 40;
        hold(3);
        pourUnder(2.6, t -> 0); // 0.156 kg
        pourUnder(7.4, t -> 0.53 * Math.min(1, t / 0.3)); // a press comes on over 0.3 s: 0.444 kg more beer
        ramp(kg - 0.53 * 3.6 / 15, 3.6); // the press eases off at 35 g/s, no pour
        double keg = 40 - 0.6;

        assertThat(detector.phase()).isNotEqualTo(Phase.STABLE);
        assertThat(kg - keg).isGreaterThan(0.3); // most of the press is still on
        assertThat(detector.kegKg() - detector.unseenBeerKg()).isLessThanOrEqualTo(keg + 0.01);
        assertThat(detector.kegKg() + detector.easedUnseenKg()).isGreaterThanOrEqualTo(keg - 0.01);
    }

    @Test
    void a_lean_lifting_the_keg_seen_going_under_way_may_have_gone_whole() {
        // issue 12, twelfth round (seed 17012 at 80 SPS): a 0.26 kg lean lifting a quarter barrel was held, then eased off
        // with a 13.2 oz pour under the end of its ease; 1.7 s after it was gone, the weight having risen 0.12 kg above
        // where the episode began, a reading took the whole lean as still on and claimed the level 0.86 % high. Beer
        // never adds weight: the lean is going, and may be gone, so the keg may be as light as the weight
        kg = 30.15;
        hold(3);
        ramp(kg - 0.26, 0.3); // the lean lifts the keg
        holdUntil(Phase.STABLE);
        hold(2);
        assertThat(detector.disturbed()).isTrue(); // the lean is held
        ramp(kg + 0.13, 3); // it eases off at 43 g/s, slower than a faucet pours
        pourUnder(3, t -> 0.13 * t / 3); // the rest of its ease over the first 3 s of a pour: 0.18 kg
        pourUnder(1.7, t -> 0); // 0.102 kg more
        double keg = 30.15 - 0.282;

        assertThat(detector.phase()).isNotEqualTo(Phase.STABLE);
        assertThat(kg).isCloseTo(keg, within(0.001)); // the lean is gone
        assertThat(detector.kegKg() - detector.unseenBeerKg()).isLessThanOrEqualTo(keg + 0.01);
        assertThat(detector.kegKg() + detector.easedUnseenKg()).isGreaterThanOrEqualTo(keg - 0.01);
    }

    @Test
    void a_lean_ramped_on_in_one_run_faster_than_a_faucet_under_a_held_thing_is_no_pour_and_takes_no_piece_of_the_thing() {
        // issue 12, twelfth round (seed 19028 at 80 SPS): a 1.78 kg thing stood on a quarter barrel, and a 0.29 kg lean
        // lifting the keg had come and gone, so its going was the newest piece held. A 0.435 kg lean then ramped on from
        // rest over 0.95 s at 0.46 kg/s, too slow a change for a step, and stood 17 s: the fall was taken for that piece
        // lifted and 0.145 kg of beer, a 4.8 oz pour in 1.2 s, and the keg was held that much light after the lean went
        aKegAt40WithALoadOn(1.78);
        ramp(41.78 - 0.29, 0.3);
        hold(9);
        ramp(41.78, 0.3);
        hold(60);
        assertThat(seen).isEmpty();

        ramp(41.78 - 0.435, 0.95);
        hold(16);

        assertThat(seen).isEmpty();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
        ramp(41.78, 0.95); // the lean goes
        hold(5);

        assertThat(seen).isEmpty();
        assertThat(detector.kegKg()).isCloseTo(40, within(0.01));
    }
}
