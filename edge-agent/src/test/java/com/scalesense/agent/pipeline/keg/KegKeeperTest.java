package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.ImplausibleTareException;
import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.protocol.TareStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class KegKeeperTest {

    static final KegProfile GUINNESS_HALF = new KegProfile("keg-20261122-0001", "guinness-draught",
            KegType.HALF_BARREL, 1.014, Tare.PENDING);

    static KegKeeper keeper(KegProfile initial) {
        return new KegKeeper(initial, 1.5, 0.10);
    }

    @Test
    void a_swapped_in_keg_keeps_the_replaced_type_and_is_not_taken_for_full() {
        // issue 12: a keg set down was assumed full (its weight became full_ref), so a part-full keg read 100 %
        // given a Guinness half barrel; when a half barrel at 100 lbs (part full) replaces it
        KegKeeper keeper = keeper(GUINNESS_HALF);

        keeper.swappedIn(Units.lbsToKg(100.0));

        // then like replaces like, nothing is measured and the level comes from the weight
        KegProfile keg = keeper.profile();
        assertThat(keg.kegId()).isNull();
        assertThat(keg.kegType()).isEqualTo(KegType.HALF_BARREL);
        assertThat(keg.beerId()).isNull(); // the scale cannot tell which beer came in
        assertThat(keg.sg()).isEqualTo(1.014); // kept until the new beer is assigned
        assertThat(keg.tare()).isEqualTo(Tare.PENDING);
        double beer = Units.lbsToKg(100.0 - 29.0);
        assertThat(keg.levelAt(Units.lbsToKg(100.0), 16).levelPct())
                .isCloseTo(100 * beer / (15.5 * 3.785411784 * 1.014), within(1e-9));
    }

    @Test
    void a_swapped_in_weight_impossible_for_the_replaced_type_takes_the_most_plausible_type() {
        // 150 lbs is more than a full quarter barrel can weigh: it is a half barrel
        KegKeeper keeper = keeper(new KegProfile(null, null, KegType.QUARTER_BARREL, 1.0, Tare.PENDING));

        keeper.swappedIn(Units.lbsToKg(150.0));

        assertThat(keeper.profile().kegType()).isEqualTo(KegType.HALF_BARREL);
        // and 16 lbs is lighter than an empty half barrel shell: of the types it fits, the sixth barrel
        keeper.swappedIn(Units.lbsToKg(16.0));
        assertThat(keeper.profile().kegType()).isEqualTo(KegType.SIXTH_BARREL);
    }

    @Test
    void an_empty_tare_outside_the_types_shell_range_is_refused_naming_the_weight_and_range() {
        // issue 12: an empty tare equal to the full one was accepted (level 100 % of 0.0001 gallons)
        KegKeeper keeper = keeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.tare("empty", Units.lbsToKg(100.0), 6L))
                .isInstanceOf(ImplausibleTareException.class)
                .hasMessageContaining("empty_offset = 45.36 kg (100.0 lbs)")
                .hasMessageContaining("half_barrel shell weighs 11.65..14.65 kg");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }

    @Test
    void a_full_tare_that_does_not_hold_a_full_keg_of_beer_is_refused_naming_the_weights() {
        KegKeeper keeper = keeper(GUINNESS_HALF);
        keeper.tare("empty", Units.lbsToKg(29.0), 6L);
        KegProfile before = keeper.profile();

        // full equal to empty, and a half-drawn keg tared as full
        assertThatThrownBy(() -> keeper.tare("full", Units.lbsToKg(29.0), 7L))
                .isInstanceOf(ImplausibleTareException.class)
                .hasMessageContaining("full_ref = 13.15 kg (29.0 lbs)")
                .hasMessageContaining("a full half_barrel holds 53.55..65.44 kg of beer at sg 1.014")
                .hasMessageContaining("this one 0.00 kg");
        assertThatThrownBy(() -> keeper.tare("full", Units.lbsToKg(95.0), 7L))
                .isInstanceOf(ImplausibleTareException.class).hasMessageContaining("full_ref");
        assertThat(keeper.profile()).isEqualTo(before);
        // a true full keg is taken
        assertThat(keeper.tare("full", Units.lbsToKg(29.0 + 130.0), 8L).status()).isEqualTo(TareStatus.COMPLETE);
    }

    @Test
    void a_full_ref_measured_by_the_technician_survives_any_assignment() {
        KegKeeper keeper = keeper(GUINNESS_HALF);
        keeper.swappedIn(Units.lbsToKg(158.0));
        keeper.tare("full", Units.lbsToKg(158.0), 6L);

        keeper.assign("keg-20261122-0002", null, KegType.HALF_BARREL, 1.010);

        assertThat(keeper.profile().tare().fullRefKg()).isCloseTo(Units.lbsToKg(158.0), within(1e-12));
        assertThat(keeper.profile().kegId()).isEqualTo("keg-20261122-0002");
    }

    @Test
    void assignment_names_the_beer_and_keeps_the_tare_measured_before_it() {
        KegKeeper keeper = keeper(GUINNESS_HALF);
        keeper.swappedIn(Units.lbsToKg(29.0));
        keeper.tare("empty", Units.lbsToKg(29.0), 6L);

        keeper.assign("keg-20261122-0002", "modelo-especial", KegType.HALF_BARREL, 1.010);

        assertThat(keeper.profile().beerId()).isEqualTo("modelo-especial");
        assertThat(keeper.profile().sg()).isEqualTo(1.010);
        assertThat(keeper.profile().tare().status()).isEqualTo(TareStatus.EMPTY_SET);
    }

    @Test
    void an_assignment_with_a_bad_beer_id_is_refused_and_changes_nothing() {
        KegKeeper keeper = keeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.assign("keg-20261122-0002", "Guinness Draught", KegType.HALF_BARREL, 1.014))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("beer_id = Guinness Draught")
                .hasMessageContaining("lower-case words joined by '-'");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }

    @Test
    void an_assignment_with_a_gravity_outside_beer_is_refused_and_changes_nothing() {
        // a cloud assign_keg with args.sg "10.14" (a slipped decimal point) must not turn gallons into a tenth
        KegKeeper keeper = keeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.assign("keg-20261122-0002", "guinness-draught", KegType.HALF_BARREL, 10.14))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("specific_gravity = 10.14")
                .hasMessageContaining("must be within [0.9, 1.2]");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }

    @Test
    void an_unknown_tare_kind_is_refused_and_changes_nothing() {
        KegKeeper keeper = keeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.tare("half", 30, 1L))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("kind = half")
                .hasMessageContaining("must be empty or full");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }
}
