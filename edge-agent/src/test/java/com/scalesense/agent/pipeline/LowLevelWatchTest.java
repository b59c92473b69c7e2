package com.scalesense.agent.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The readings the cloud's low-keg alert waits for, judged as the cloud's AlertEvaluator judges them. */
class LowLevelWatchTest {

    private static final long T0 = 1_790_000_000_000L;
    private static final long GRACE_MS = 900_000;

    private final LowLevelWatch watch = new LowLevelWatch(LowKegRule.DEFAULTS);

    private static Reading at(long ms, Double level) {
        return new Reading(ms, level, null, 40.0, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, TareStatus.COMPLETE);
    }

    @Test
    void the_first_reading_a_grace_period_after_the_first_low_one_goes_out_at_once_and_no_other() {
        assertThat(watch.atOnce(at(T0, 15.0))).as("at the threshold is not low").isFalse();
        assertThat(watch.proofDueAtMs()).isEqualTo(Long.MAX_VALUE);
        assertThat(watch.atOnce(at(T0 + 60_000, 14.9))).as("the crossing waits with the bulk").isFalse();
        assertThat(watch.proofDueAtMs()).isEqualTo(T0 + 60_000 + GRACE_MS);
        assertThat(watch.atOnce(at(T0 + 120_000, 14.0))).isFalse();
        assertThat(watch.atOnce(at(T0 + 60_000 + GRACE_MS - 1, 13.0))).as("1 ms short of the grace period").isFalse();
        assertThat(watch.atOnce(at(T0 + 60_000 + GRACE_MS, 13.0))).as("the proof").isTrue();
        assertThat(watch.proofDueAtMs()).isEqualTo(Long.MAX_VALUE);
        assertThat(watch.atOnce(at(T0 + 2 * GRACE_MS, 12.0))).as("the alert has what it needs").isFalse();
    }

    @Test
    void a_recovery_inside_the_grace_period_starts_over_and_a_new_keg_low_again_crosses_again() {
        watch.atOnce(at(T0, 10.0));
        assertThat(watch.atOnce(at(T0 + 60_000, 100.0))).as("a new full keg").isFalse();
        assertThat(watch.proofDueAtMs()).isEqualTo(Long.MAX_VALUE);
        assertThat(watch.atOnce(at(T0 + GRACE_MS, 10.0))).as("a crossing again, not a proof").isFalse();
        assertThat(watch.proofDueAtMs()).isEqualTo(T0 + 2 * GRACE_MS);
        assertThat(watch.atOnce(at(T0 + 2 * GRACE_MS, 9.0))).isTrue();
    }

    @Test
    void a_reading_without_a_level_neither_proves_nor_resets_nor_is_asked_for_again() {
        // A keg lifted off (no level) at the proof's due time: the cloud skips such a reading, so it must not
        // count as the proof; the pipeline must not ask for a reading at every sample after it either.
        watch.atOnce(at(T0, 10.0));
        assertThat(watch.atOnce(at(T0 + GRACE_MS, null))).isFalse();
        assertThat(watch.proofDueAtMs()).isEqualTo(Long.MAX_VALUE);
        assertThat(watch.atOnce(at(T0 + GRACE_MS + 60_000, 10.0))).as("the next low reading proves it").isTrue();
    }

    @Test
    void a_zero_grace_period_fires_on_the_crossing_itself() {
        watch.rule(new LowKegRule(20, 0, 1));
        assertThat(watch.atOnce(at(T0, 19.0))).isTrue();
        assertThat(watch.proofDueAtMs()).isEqualTo(Long.MAX_VALUE);
        assertThat(watch.atOnce(at(T0 + 60_000, 19.0))).isFalse();
    }

    @Test
    void a_new_rule_judges_the_next_reading_afresh() {
        watch.atOnce(at(T0, 10.0));
        watch.rule(new LowKegRule(5, 900, 1));
        assertThat(watch.atOnce(at(T0 + GRACE_MS, 10.0))).as("not low under 5 %").isFalse();
        assertThat(watch.atOnce(at(T0 + GRACE_MS + 60_000, 4.0))).as("a new crossing under 5 %").isFalse();
        assertThat(watch.proofDueAtMs()).isEqualTo(T0 + 2 * GRACE_MS + 60_000);
    }
}
