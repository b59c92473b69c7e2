package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.protocol.TareStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class KegProfileTest {

    static final double EPS = 1e-9;

    @ParameterizedTest(name = "sg {0}")
    @ValueSource(doubles = {1.000, 1.060})
    void level_pct_gallons_and_pints_agree_at_any_gravity(double sg) {
        // issue 12: level_pct used seed 000's static full weight (a gravity of about 1.024 for a half
        // barrel) while gallons used the beer's own: a 1.012 beer read about 1.2 % low
        // given a half barrel of this beer with 30 kg of it left
        KegProfile keg = new KegProfile(null, null, KegType.HALF_BARREL, sg, Tare.PENDING);
        double gross = KegType.HALF_BARREL.emptyKg() + 30.0;

        KegLevel level = keg.levelAt(gross, 16);

        // then full = 15.5 gal x 3.785411784 L x sg, and the level is the share of it left, in gallons too
        double fullKg = 15.5 * 3.785411784 * sg;
        assertThat(level.levelPct()).isCloseTo(100 * 30.0 / fullKg, within(EPS));
        assertThat(level.gallons()).isCloseTo(level.levelPct() / 100 * 15.5, within(1e-5));
        assertThat(level.pintsLeft()).isCloseTo(level.gallons() * 8, within(EPS));
        assertThat(keg.levelAt(KegType.HALF_BARREL.emptyKg() + fullKg, 16).gallons()).isCloseTo(15.5, within(1e-5));
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
    void sixth_barrel_of_coors_light_with_22_25_lbs_of_beer_holds_2_65_gallons() {
        // net 22.25 lbs = 10.0924 kg / 1.007 x 0.264172 = 2.6476042 gal of 5.17 gal = 51.21 %
        KegProfile coors = new KegProfile(null, "coors-light", KegType.SIXTH_BARREL, 1.007, Tare.PENDING);

        KegLevel level = coors.levelAt(Units.lbsToKg(38.75), 12);

        assertThat(level.levelPct()).isCloseTo(100 * 2.6476042 / 5.17, within(1e-4));
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
    void tare_status_is_pending_until_a_weight_of_the_keg_is_measured() {
        // issue 12: a full_ref alone said pending, so a reading could not tell a level counted down from the keg's
        // own full weight from an estimate off its type's reference shell
        assertThat(Tare.PENDING.status()).isEqualTo(TareStatus.PENDING);
        assertThat(Tare.PENDING.withFull(39.0, 5L).status()).isEqualTo(TareStatus.FULL_SET);
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
    void keeps_a_locations_custom_beer_as_the_cloud_names_it() {
        // issue 17: seed 000's BEER#loc-001#<id>; the scale refused it before
        KegProfile house = new KegProfile("keg-20261127-a1B2", "loc-001#house-ipa", KegType.SIXTH_BARREL, 1.013,
                Tare.PENDING);

        assertThat(house.beerId()).isEqualTo("loc-001#house-ipa");
    }

    @Test
    void rejects_a_beer_id_that_is_not_seed_000s_form_naming_the_field_and_the_rule() {
        // a display name where the id belongs, and a location-scoped key whose scope is no loc_id
        for (String bad : new String[] {"Guinness Draught", "bar#house-ipa", "", "-stout"}) {
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
}
