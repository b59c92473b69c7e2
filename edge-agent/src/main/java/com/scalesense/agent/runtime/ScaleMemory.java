package com.scalesense.agent.runtime;

import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationHistory;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StoreKey;
import java.util.List;
import java.util.Optional;

/**
 * What the scale must remember across restarts, in the NVS store: the calibration history (the
 * newest entry is in use) and the keg on the tap with its tare. Each write is atomic and durable
 * when it returns; if it throws, the stored values are the old ones (the store's guarantee).
 */
public final class ScaleMemory {

    /** Calibrations kept, newest last (seed 000 keeps CAL# history beside the current CALIBRATION). */
    public static final int HISTORY_LIMIT = 20;

    /** The stored form of a {@link CalibrationHistory}. */
    public record StoredCalibrations(List<Calibration> entries) {
    }

    static final StoreKey<StoredCalibrations> CALIBRATIONS = StoreKey.of("calibration.history", StoredCalibrations.class);
    static final StoreKey<KegProfile> KEG = StoreKey.of("keg.profile", KegProfile.class);

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

    public long nextBoot() {
        return store.nextBoot();
    }

    public NvsStore store() {
        return store;
    }
}
