package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.protocol.TareStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class KegProfileTest {

    static final double EPS = 1e-9;

    @Test
    void half_barrel_halfway_between_reference_empty_and_full_is_50_percent() {
        // seed 000: half_barrel 161.5 / 29.0 lbs; (95.25 - 29.0) / (161.5 - 29.0) = 66.25 / 132.5 = 0.5
        KegLevel level = KegProfile.reference(KegType.HALF_BARREL).levelAt(Units.lbsToKg(95.25), 16);

        assertThat(level.levelPct()).isCloseTo(50.0, within(EPS));
        assertThat(level.weightLbs()).isCloseTo(95.25, within(EPS));
    }

    @Test
    void gallons_follow_seed_000_formula_with_the_beers_gravity() {
        // net 66.25 lbs = 30.0504945125 kg; / 1.014 (Guinness) x 0.264172 = 7.82889471 gal
        KegProfile guinness = new KegProfile(null, "guinness-draught", KegType.HALF_BARREL, 1.014, Tare.PENDING);

        KegLevel level = guinness.levelAt(Units.lbsToKg(95.25), 16);

        assertThat(level.gallons()).isCloseTo(7.82889471, within(1e-8));
        assertThat(level.pintsLeft()).isCloseTo(7.82889471 * 8, within(1e-7));
        assertThat(level.servingsLeft()).isCloseTo(7.82889471 * 128 / 16, within(1e-7));
    }

    @Test
    void sixth_barrel_of_coors_light_halfway_holds_2_65_gallons() {
        // (38.75 - 16.5) / (61.0 - 16.5) = 50 %; net 22.25 lbs = 10.0924 kg / 1.007 x 0.264172 = 2.6476042 gal
        KegProfile coors = new KegProfile(null, "coors-light", KegType.SIXTH_BARREL, 1.007, Tare.PENDING);

        KegLevel level = coors.levelAt(Units.lbsToKg(38.75), 12);

        assertThat(level.levelPct()).isCloseTo(50.0, within(EPS));
        assertThat(level.gallons()).isCloseTo(2.6476042, within(1e-7));
        assertThat(level.servingsLeft()).isCloseTo(2.6476042 * 128 / 12, within(1e-6));
    }

    @Test
    void level_is_clamped_to_0_below_the_empty_keg_and_100_above_the_full_one() {
        KegProfile quarter = KegProfile.reference(KegType.QUARTER_BARREL);

        KegLevel under = quarter.levelAt(Units.lbsToKg(20.0), 16);
        KegLevel over = quarter.levelAt(Units.lbsToKg(90.0), 16);

        assertThat(under.levelPct()).isZero();
        assertThat(under.gallons()).isZero();
        assertThat(over.levelPct()).isEqualTo(100.0);
    }

    @Test
    void measured_tare_replaces_the_reference_weights() {
        // empty measured 10 kg, full measured 40 kg: 25 kg is half way
        KegProfile tared = KegProfile.reference(KegType.SLIM_QUARTER).withTare(new Tare(10.0, 40.0, 1L));

        assertThat(tared.levelAt(25.0, 16).levelPct()).isCloseTo(50.0, within(EPS));
        assertThat(tared.tare().status()).isEqualTo(TareStatus.COMPLETE);
    }

    @Test
    void tare_status_is_pending_until_the_empty_weight_is_measured() {
        assertThat(Tare.PENDING.status()).isEqualTo(TareStatus.PENDING);
        assertThat(Tare.PENDING.withFull(39.0, 5L).status()).isEqualTo(TareStatus.PENDING);
        assertThat(Tare.PENDING.withEmpty(9.9, 5L).status()).isEqualTo(TareStatus.EMPTY_SET);
        assertThat(Tare.PENDING.withEmpty(9.9, 5L).withFull(39.0, 6L).status()).isEqualTo(TareStatus.COMPLETE);
    }

    @Test
    void rejects_full_ref_lighter_than_the_empty_keg_naming_the_field() {
        assertThatThrownBy(() -> new Tare(12.0, 11.0, 1L))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("full_ref = 11.0")
                .hasMessageContaining("heavier than empty_offset");
    }

    @Test
    void the_beer_is_optional_and_kept_through_a_tare() {
        KegProfile unknown = KegProfile.reference(KegType.HALF_BARREL);
        KegProfile guinness = new KegProfile("keg-20260318-007", "guinness-draught", KegType.HALF_BARREL, 1.014,
                Tare.PENDING);

        assertThat(unknown.beerId()).isNull();
        assertThat(guinness.withTare(new Tare(13.2, null, 1L)).beerId()).isEqualTo("guinness-draught");
    }

    @Test
    void rejects_a_beer_id_that_is_not_seed_000s_form_naming_the_field_and_the_rule() {
        // a display name where the id belongs, and a custom beer's location-scoped key
        for (String bad : new String[] {"Guinness Draught", "loc-001#house-ipa", "", "-stout"}) {
            assertThatThrownBy(() -> new KegProfile(null, bad, KegType.HALF_BARREL, 1.0, Tare.PENDING))
                    .as(bad)
                    .isInstanceOf(PipelineException.class)
                    .hasMessageContaining("beer_id = " + bad)
                    .hasMessageContaining("must be 1..64 lower-case words joined by '-', e.g. guinness-draught");
        }
    }

    @Test
    void rejects_an_unknown_keg_type_naming_the_allowed_ones() {
        assertThatThrownBy(() -> KegType.fromWireName("firkin"))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("keg_type = firkin")
                .hasMessageContaining("half_barrel");
    }

    @Test
    void nearest_reference_full_weight_picks_the_type_and_keeps_the_current_one_on_a_tie() {
        assertThat(KegType.nearestFull(Units.lbsToKg(60.0), KegType.HALF_BARREL)).isEqualTo(KegType.SIXTH_BARREL);
        // quarter and slim quarter are both 87.0 lbs full
        assertThat(KegType.nearestFull(Units.lbsToKg(86.0), KegType.SLIM_QUARTER)).isEqualTo(KegType.SLIM_QUARTER);
        assertThat(KegType.nearestFull(Units.lbsToKg(86.0), KegType.QUARTER_BARREL)).isEqualTo(KegType.QUARTER_BARREL);
    }
}
