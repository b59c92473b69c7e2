package com.scalesense.agent.runtime;

import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationHistory;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StoreKey;
import java.util.List;
import java.util.Optional;

/**
 * What the scale must remember across restarts, in the NVS store: the calibration history (the
 * newest entry is in use), the keg on the tap with its tare, and that keg's pour window (so the
 * pour rate goes on after a restart). Each write is atomic and durable when it returns; if it
 * throws, the stored values are the old ones (the store's guarantee).
 */
public final class ScaleMemory {

    /** Calibrations kept, newest last (seed 000 keeps CAL# history beside the current CALIBRATION). */
    public static final int HISTORY_LIMIT = 20;

    /** The stored form of a {@link CalibrationHistory}. */
    public record StoredCalibrations(List<Calibration> entries) {
    }

    static final StoreKey<StoredCalibrations> CALIBRATIONS = StoreKey.of("calibration.history", StoredCalibrations.class);
    static final StoreKey<KegProfile> KEG = StoreKey.of("keg.profile", KegProfile.class);
    static final StoreKey<PourWindow> POUR_WINDOW = StoreKey.of("pour.window", PourWindow.class);

    private final NvsStore store;

    public ScaleMemory(NvsStore store) {
        this.store = store;
    }

    public CalibrationHistory calibrations() {
        CalibrationHistory history = CalibrationHistory.empty(HISTORY_LIMIT);
        for (Calibration c : store.get(CALIBRATIONS).map(StoredCalibrations::entries).orElse(List.of())) {
            history = history.with(c);
        }
        return history;
    }

    public void saveCalibrations(CalibrationHistory history) {
        store.put(CALIBRATIONS, new StoredCalibrations(history.entries()));
    }

    public Optional<KegProfile> keg() {
        return store.get(KEG);
    }

    public void saveKeg(KegProfile keg) {
        store.put(KEG, keg);
    }

    /**
     * The stored pour window.
     *
     * @throws com.scalesense.agent.store.StoreValueException if it no longer reads as a {@link PourWindow}
     */
    public Optional<PourWindow> pourWindow() {
        return store.get(POUR_WINDOW);
    }

    public void savePourWindow(PourWindow window) {
        store.put(POUR_WINDOW, window);
    }

    /** The keg and its pour window in one transaction: a restart never pairs a keg with another keg's pours. */
    public void saveKeg(KegProfile keg, PourWindow window) {
        store.putAll(List.of(new NvsStore.Write<>(KEG, keg), new NvsStore.Write<>(POUR_WINDOW, window)));
    }

    public long nextBoot() {
        return store.nextBoot();
    }

    public NvsStore store() {
        return store;
    }
}
