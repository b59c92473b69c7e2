package com.scalesense.agent.pipeline.keg;

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

    @Test
    void a_swapped_in_keg_takes_the_nearest_type_and_its_weight_as_full_ref() {
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);

        keeper.swappedIn(Units.lbsToKg(60.0), 5L, true);

        KegProfile keg = keeper.profile();
        assertThat(keg.kegId()).isNull();
        assertThat(keg.kegType()).isEqualTo(KegType.SIXTH_BARREL);
        assertThat(keg.beerId()).isNull(); // the scale cannot tell which beer came in
        assertThat(keg.sg()).isEqualTo(1.014); // kept until the new beer is assigned
        assertThat(keg.tare().fullRefKg()).isCloseTo(Units.lbsToKg(60.0), within(1e-12));
        assertThat(keg.tare().status()).isEqualTo(TareStatus.PENDING);
    }

    @Test
    void a_swapped_in_weight_barely_above_an_empty_keg_is_not_a_full_ref() {
        // 17 lbs is within 1 kg of the sixth barrel's 16.5 lbs empty reference
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);

        keeper.swappedIn(Units.lbsToKg(17.0), 5L, true);

        assertThat(keeper.profile().tare()).isEqualTo(Tare.PENDING);
    }

    @Test
    void a_full_ref_measured_by_the_technician_survives_any_assignment() {
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);
        keeper.swappedIn(Units.lbsToKg(100.0), 5L, true);
        keeper.tare("full", Units.lbsToKg(100.0), 6L);

        keeper.assign("keg-20261122-0002", null, KegType.HALF_BARREL, 1.010);

        assertThat(keeper.profile().tare().fullRefKg()).isCloseTo(Units.lbsToKg(100.0), within(1e-12));
        assertThat(keeper.profile().kegId()).isEqualTo("keg-20261122-0002");
    }

    @Test
    void assignment_names_the_beer_and_keeps_the_tare_measured_before_it() {
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);
        keeper.swappedIn(Units.lbsToKg(29.0), 5L, false);
        keeper.tare("empty", Units.lbsToKg(29.0), 6L);

        keeper.assign("keg-20261122-0002", "modelo-especial", KegType.HALF_BARREL, 1.010);

        assertThat(keeper.profile().beerId()).isEqualTo("modelo-especial");
        assertThat(keeper.profile().sg()).isEqualTo(1.010);
        assertThat(keeper.profile().tare().status()).isEqualTo(TareStatus.EMPTY_SET);
    }

    @Test
    void an_assignment_with_a_bad_beer_id_is_refused_and_changes_nothing() {
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.assign("keg-20261122-0002", "Guinness Draught", KegType.HALF_BARREL, 1.014))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("beer_id = Guinness Draught")
                .hasMessageContaining("lower-case words joined by '-'");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }

    @Test
    void an_assignment_with_a_gravity_outside_beer_is_refused_and_changes_nothing() {
        // a cloud assign_keg with args.sg "10.14" (a slipped decimal point) must not turn gallons into a tenth
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.assign("keg-20261122-0002", "guinness-draught", KegType.HALF_BARREL, 10.14))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("specific_gravity = 10.14")
                .hasMessageContaining("must be within [0.9, 1.2]");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }

    @Test
    void an_unknown_tare_kind_is_refused_and_changes_nothing() {
        KegKeeper keeper = new KegKeeper(GUINNESS_HALF);

        assertThatThrownBy(() -> keeper.tare("half", 30, 1L))
                .isInstanceOf(PipelineException.class)
                .hasMessageContaining("kind = half")
                .hasMessageContaining("must be empty or full");
        assertThat(keeper.profile()).isEqualTo(GUINNESS_HALF);
    }
}
