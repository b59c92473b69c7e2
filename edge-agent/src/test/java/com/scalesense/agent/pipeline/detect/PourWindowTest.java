package com.scalesense.agent.pipeline.detect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.pipeline.PipelineException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class PourWindowTest {

    static final String KEG = "keg-20261122-0001";
    /** 2026-11-22T05:40:00Z */
    static final long WALL_MS = 1_795_326_000_000L;

    @Test
    void pours_keep_their_wall_time_from_one_start_to_the_next() {
        // given a pour 90 s into the first start, whose monotonic clock read 5 000 ms at WALL_MS
        long firstOffset = WALL_MS - 5_000;
        PourWindow stored = PourWindow.of(KEG, List.of(new PourRate.Pour(95_000, 0.13)), firstOffset);
        assertThat(stored.pours()).containsExactly(new PourWindow.Pour(WALL_MS + 90_000, 0.13));

        // when the next start's monotonic clock begins again and reads 2 000 ms ten minutes later
        long nowWall = WALL_MS + 600_000;
        long secondOffset = nowWall - 2_000;
        List<PourRate.Pour> restored = stored.toMonotonic(secondOffset, 2_000);

        // then the pour lies 510 s before now on the new clock
        assertThat(restored).containsExactly(new PourRate.Pour(2_000 - 510_000, 0.13));
    }

    @Test
    void a_pour_stamped_after_now_is_left_out_of_the_restored_window() {
        // the clock that stored it ran ahead: counted, it would inflate the rate for a whole window
        PourWindow stored = new PourWindow(KEG, List.of(new PourWindow.Pour(WALL_MS - 60_000, 0.2),
                new PourWindow.Pour(WALL_MS + 60_000, 0.3)));

        List<PourRate.Pour> restored = stored.toMonotonic(WALL_MS - 1_000, 1_000);

        assertThat(restored).containsExactly(new PourRate.Pour(-59_000, 0.2));
    }

    @Test
    void naming_the_swapped_in_keg_or_the_same_keg_again_keeps_its_pours_and_another_keg_does_not() {
        assertThat(PourWindow.keptOnAssign(null, KEG)).as("swapped-in keg named").isTrue();
        assertThat(PourWindow.keptOnAssign(KEG, KEG)).as("same keg_id again").isTrue();
        assertThat(PourWindow.keptOnAssign(KEG, "keg-20261122-0002")).as("another keg").isFalse();
    }

    @Test
    void a_window_belongs_to_its_keg_and_an_unassigned_window_to_the_unassigned_keg() {
        assertThat(PourWindow.empty(KEG).belongsTo(KEG)).isTrue();
        assertThat(PourWindow.empty(KEG).belongsTo("keg-20261122-0002")).isFalse();
        assertThat(PourWindow.empty(null).belongsTo(null)).isTrue();
        assertThat(PourWindow.empty(null).belongsTo(KEG)).isFalse();
        assertThat(PourWindow.empty(null).withKegId(KEG).belongsTo(KEG)).isTrue();
    }

    @Test
    void pours_out_of_time_order_are_refused_naming_the_pour_and_the_rule() {
        List<PourWindow.Pour> pours = List.of(new PourWindow.Pour(WALL_MS, 0.1), new PourWindow.Pour(WALL_MS - 1, 0.1));

        assertThatThrownBy(() -> new PourWindow(KEG, pours)).isInstanceOf(PipelineException.class)
                .hasMessageContaining("pours[1].at_ms = " + (WALL_MS - 1)).hasMessageContaining("oldest first");
    }

    @Test
    void more_pours_than_the_bound_are_refused() {
        List<PourWindow.Pour> pours = Collections.nCopies(PourRate.MAX_POURS + 1, new PourWindow.Pour(WALL_MS, 0.1));

        assertThatThrownBy(() -> new PourWindow(KEG, pours)).isInstanceOf(PipelineException.class)
                .hasMessageContaining("pours = 721 pours").hasMessageContaining("at most 720");
    }

    @Test
    void a_pour_without_a_wall_time_or_with_a_negative_volume_is_refused() {
        assertThatThrownBy(() -> new PourWindow.Pour(0, 0.1)).isInstanceOf(PipelineException.class)
                .hasMessageContaining("at_ms = 0");
        assertThatThrownBy(() -> new PourWindow.Pour(WALL_MS, -0.1)).isInstanceOf(PipelineException.class)
                .hasMessageContaining("gallons = -0.1");
        assertThatThrownBy(() -> new PourWindow(KEG, null)).isInstanceOf(PipelineException.class)
                .hasMessageContaining("pours = null");
    }

    @Test
    void the_window_holds_its_own_copy_of_the_pours() {
        List<PourWindow.Pour> pours = new ArrayList<>(List.of(new PourWindow.Pour(WALL_MS, 0.1)));
        PourWindow window = new PourWindow(KEG, pours);

        pours.clear();

        assertThat(window.pours()).hasSize(1);
        assertThatThrownBy(() -> window.pours().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
