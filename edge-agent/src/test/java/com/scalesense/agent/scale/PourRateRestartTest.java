package com.scalesense.agent.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StoreKey;
import com.scalesense.protocol.DeviceEvent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pour rate across a restart of the agent, with the real MapDB store: the measuring model is
 * built on a store file, fed samples, dropped, and built again on the reopened file with a
 * monotonic clock that starts from zero again, as after a restart.
 */
class PourRateRestartTest {

    private static final long T0 = ScaleModelStart.T0;
    private static final long TEN_MINUTES_MS = 600_000;
    private static final KegProfile MODELO = new KegProfile("keg-20261122-0001", "modelo-especial",
            KegType.HALF_BARREL, 1.010, Tare.PENDING);
    private static final Ambient UNSYNCED = new Ambient(null, null, false);

    /** Not a pour window: what a damaged or foreign value under the key reads as. */
    record Garbled(String kegId, String pours) {
    }

    @TempDir
    Path dir;

    /** One start of the agent's measuring part on the store file, its load cell's clocks from {@code wallMs}. */
    private ScaleModelStart start(long wallMs) {
        return new ScaleModelStart(dir.resolve("nvs.db"), wallMs);
    }

    private NvsStore open() {
        return ScaleModelStart.open(dir.resolve("nvs.db"));
    }

    private void storeKeg(KegProfile keg) {
        try (NvsStore store = open()) {
            new ScaleMemory(store).saveKeg(keg);
        }
    }

    private double rateAfterOnePour() {
        double rate;
        try (ScaleModelStart first = start(T0)) {
            rate = first.pour().last().pourRateGph();
        }
        assertThat(rate).as("rate after the pour").isCloseTo(0.5 / 1.010 * 0.264172 / 6, within(1e-4));
        return rate;
    }

    @Test
    void a_restarted_agent_reports_the_rate_it_had_from_its_first_reading() {
        // given a keg that poured before the agent stopped
        storeKeg(MODELO);
        double rate = rateAfterOnePour();

        // when the agent starts again ten minutes later, its monotonic clock from zero
        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            second.hold(49.5, 0.1);

            // then
            assertThat(second.model.storedPourWindow()).isEqualTo(StoredPourWindow.Found.USABLE);
            assertThat(second.recorder.readings()).hasSize(1);
            assertThat(second.last().pourRateGph()).isCloseTo(rate, within(1e-12));
            // no level is known before the first settled weight (issue 12: no false 0 %), so no hours either
            assertThat(second.last().levelPct()).isNull();
            assertThat(second.last().hoursRemaining()).isNull();
        }
    }

    @Test
    void the_stored_window_waits_for_time_sync_and_then_joins_the_pours_seen_meanwhile() {
        // given a keg that poured before a reboot
        storeKeg(MODELO);
        double rate = rateAfterOnePour();

        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            // when the rebooted Pi does not know the time yet and the keg pours again
            second.ambient = UNSYNCED;
            second.pour();
            assertThat(second.last().pourRateGph()).as("before sync: this start's pour only")
                    .isCloseTo(rate, within(1e-4));

            // and then the clock syncs
            second.ambient = Ambient.SYNCED;
            second.hold(49.5, 61);

            // then both pours count
            assertThat(second.last().pourRateGph()).isCloseTo(2 * rate, within(1e-4));
        }
        try (ScaleModelStart third = start(T0 + 2 * TEN_MINUTES_MS)) {
            third.hold(49.5, 0.1);
            assertThat(third.memory.pourWindow().orElseThrow().pours()).hasSize(2);
            assertThat(third.last().pourRateGph()).isCloseTo(2 * rate, within(1e-4));
        }
    }

    @Test
    void a_keg_swapped_before_the_restart_does_not_inherit_the_old_kegs_pours() {
        // given a keg that poured and was then replaced (the new keg has no keg_id, like an unnamed one would)
        storeKeg(MODELO);
        try (ScaleModelStart first = start(T0)) {
            first.pour().hold(0.1, 60).hold(27, 5);
            assertThat(first.recorder.eventsOf(DeviceEvent.KegSwap.class)).hasSize(1);
        }

        // when the agent starts again
        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            second.hold(27, 0.1);

            // then the new keg's window was stored with it: empty
            assertThat(second.model.keg().kegId()).isNull();
            assertThat(second.last().pourRateGph()).isZero();
        }
    }

    @Test
    void a_swapped_in_keg_named_before_time_sync_after_a_restart_keeps_its_pours() {
        // given a keg swapped in without a keg_id that poured before a reboot
        storeKeg(new KegProfile(null, "modelo-especial", KegType.HALF_BARREL, 1.010, Tare.PENDING));
        double rate = rateAfterOnePour();

        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            // when the technician names it before the clock syncs
            second.ambient = UNSYNCED;
            second.hold(49.5, 1);
            second.model.assignKeg("keg-20261122-0002", "modelo-especial", KegType.HALF_BARREL, 1.010, false);
            assertThat(second.memory.pourWindow().orElseThrow().kegId()).isEqualTo("keg-20261122-0002");

            // then its pours come back once the clock syncs
            second.ambient = Ambient.SYNCED;
            second.hold(49.5, 61);
            assertThat(second.last().pourRateGph()).isCloseTo(rate, within(1e-12));
        }
    }

    @Test
    void a_stored_window_of_another_keg_is_set_aside_with_a_warning() {
        // given the store holds keg 0001 and, beside it, the pours of keg 0002
        storeKeg(MODELO);
        try (NvsStore store = open()) {
            new ScaleMemory(store).savePourWindow(new PourWindow("keg-20261122-0002",
                    List.of(new PourWindow.Pour(T0 - 60_000, 0.2))));
        }

        // when the agent starts
        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            second.hold(50, 0.1);

            // then keg 0001 starts with an empty window, and the stored one now is keg 0001's
            assertThat(second.model.storedPourWindow()).isEqualTo(StoredPourWindow.Found.OTHER_KEG);
            assertThat(second.model.storedPourWindow().warning()).isTrue();
            assertThat(second.last().pourRateGph()).isZero();
            assertThat(second.memory.pourWindow()).contains(PourWindow.empty(MODELO.kegId()));
        }
    }

    @Test
    void an_unreadable_stored_window_is_set_aside_with_a_warning_and_start_up_goes_on() {
        // given a value under pour.window that does not read as a pour window
        storeKeg(MODELO);
        try (NvsStore store = open()) {
            store.put(StoreKey.of(ScaleMemory.POUR_WINDOW.name(), Garbled.class), new Garbled(MODELO.kegId(), "??"));
        }

        // when the agent starts and measures
        try (ScaleModelStart second = start(T0 + TEN_MINUTES_MS)) {
            second.pour();

            // then the rate starts empty and counts this start's pour; the value is replaced by a good one
            assertThat(second.model.storedPourWindow()).isEqualTo(StoredPourWindow.Found.UNREADABLE);
            assertThat(second.model.storedPourWindow().warning()).isTrue();
            assertThat(second.recorder.readings()).isNotEmpty();
            assertThat(second.last().pourRateGph()).isCloseTo(0.5 / 1.010 * 0.264172 / 6, within(1e-4));
            assertThat(second.memory.pourWindow().orElseThrow().pours()).hasSize(1);
        }
    }

    @Test
    void without_a_stored_window_the_rate_starts_empty() {
        // given an agent from before the window was kept: a keg, no window
        storeKeg(MODELO);

        try (ScaleModelStart first = start(T0)) {
            first.hold(50, 0.1);

            assertThat(first.model.storedPourWindow()).isEqualTo(StoredPourWindow.Found.MISSING);
            assertThat(first.model.storedPourWindow().warning()).isFalse();
            assertThat(first.last().pourRateGph()).isZero();
            assertThat(first.memory.pourWindow()).as("nothing to write while nothing was poured").isEmpty();
        }
    }
}
