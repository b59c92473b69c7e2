package com.scalesense.agent.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.protocol.DeviceEvent;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keg swapped while the agent was stopped (power cut, reboot, service restart), with the real
 * MapDB store: the keg's settled weight is kept in the store, and a heavier keg found at the next
 * start is a keg swap, while a lighter one only poured in the meantime.
 */
class KegSwapRestartTest {

    private static final long T0 = ScaleModelStart.T0;
    private static final long TEN_MINUTES_MS = 600_000;
    private static final KegProfile MODELO = new KegProfile("keg-20261122-0001", "modelo-especial",
            KegType.HALF_BARREL, 1.010, Tare.PENDING);
    /** A full half barrel: 161.5 lbs. */
    private static final double FULL_HALF_KG = 73.25;

    @TempDir
    Path dir;

    private ScaleModelStart start(long wallMs) {
        return new ScaleModelStart(dir.resolve("nvs.db"), wallMs);
    }

    /** Keg 0001 settles at 50 kg and pours 0.5 kg, then the agent stops. */
    private void firstStartWithOnePour() {
        try (NvsStore store = ScaleModelStart.open(dir.resolve("nvs.db"))) {
            new ScaleMemory(store).saveKeg(MODELO);
        }
        try (ScaleModelStart first = start(T0)) {
            first.pour();
            assertThat(first.last().pourRateGph()).isPositive();
            assertThat(first.memory.settledWeight().orElseThrow().kg())
                    .as("stored at the first settle, not again for a 0.5 kg pour").isCloseTo(50, within(0.01));
        }
    }

    @Test
    void a_full_keg_found_at_start_is_a_keg_swap_stored_with_its_weight() {
        // regression: the full keg was reported under the old keg_id and tare, its pours counted against it
        firstStartWithOnePour();

        // when the agent starts again ten minutes later on a full keg set down while it was stopped
        KegProfile swapped;
        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            second.hold(FULL_HALF_KG, 5);

            // then one swap from keg 0001; the new keg (no keg_id, tare pending) starts with no pours
            assertThat(second.recorder.eventsOf(DeviceEvent.KegSwap.class)).singleElement()
                    .extracting(DeviceEvent.KegSwap::previousKegId).isEqualTo(MODELO.kegId());
            assertThat(second.model.keg().kegId()).isNull();
            assertThat(second.model.keg().tare().emptyOffsetKg()).isNull();
            assertThat(second.last().pourRateGph()).isZero();
            // and the store holds the new keg with its empty window and its weight, all from one swap
            assertThat(second.memory.keg().orElseThrow().kegId()).isNull();
            assertThat(second.memory.pourWindow().orElseThrow().pours()).isEmpty();
            assertThat(second.memory.settledWeight().orElseThrow().kg()).isCloseTo(FULL_HALF_KG, within(0.01));
            swapped = second.model.keg();
        }

        // when it starts once more on the same keg, then that keg is no new swap
        try (ScaleModelStart third = start(T0 + 2 * TEN_MINUTES_MS)) {
            third.hold(FULL_HALF_KG, 5);

            assertThat(third.recorder.eventsOf(DeviceEvent.KegSwap.class)).isEmpty();
            assertThat(third.model.keg()).isEqualTo(swapped);
        }
    }

    @Test
    void a_keg_poured_while_the_agent_was_stopped_is_the_same_keg_with_its_pours() {
        firstStartWithOnePour();

        // when the agent starts again after 2.5 kg more were drawn while it was down
        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            second.hold(47, 5);

            // then no swap: keg 0001 goes on, with the pour it had
            assertThat(second.recorder.eventsOf(DeviceEvent.KegSwap.class)).isEmpty();
            assertThat(second.model.keg()).isEqualTo(MODELO);
            assertThat(second.last().pourRateGph()).isPositive();
            assertThat(second.memory.settledWeight().orElseThrow().kg())
                    .as("moved by more than swap_rise_kg: stored again").isCloseTo(47, within(0.01));
        }
    }

    @Test
    void a_store_from_an_older_agent_without_a_settled_weight_takes_the_keg_found_for_the_stored_one() {
        // given a keg profile but no settled weight (an agent from before the weight was kept)
        try (NvsStore store = ScaleModelStart.open(dir.resolve("nvs.db"))) {
            new ScaleMemory(store).saveKeg(MODELO);
        }

        // when the agent starts on a full keg
        try (ScaleModelStart first = start(T0)) {
            first.hold(FULL_HALF_KG, 5);

            // then no swap can be told, and the weight is stored for the next start
            assertThat(first.recorder.eventsOf(DeviceEvent.KegSwap.class)).isEmpty();
            assertThat(first.model.keg()).isEqualTo(MODELO);
            assertThat(first.memory.settledWeight().orElseThrow().kg()).isCloseTo(FULL_HALF_KG, within(0.01));
        }
    }
}
