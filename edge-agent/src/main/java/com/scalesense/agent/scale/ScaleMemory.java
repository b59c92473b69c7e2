package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.LowKegRule;
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
 * pour rate goes on after a restart), and the keg's last settled weight (so a keg swapped while the
 * agent was stopped is noticed at start). Each write is atomic and durable when it returns; if it
 * throws, the stored values are the old ones (the store's guarantee).
 */
public final class ScaleMemory {

    /** Calibrations kept, newest last (seed 000 keeps CAL# history beside the current CALIBRATION). */
    public static final int HISTORY_LIMIT = 20;

    /** The stored form of a {@link CalibrationHistory}. */
    public record StoredCalibrations(List<Calibration> entries) {
    }

    /**
     * The keg's settled weight, kg on the platform, as last stored: written at a keg swap with the
     * profile and when it moved by more than {@code swap_rise_kg}, not with every reading (SD card wear).
     */
    public record SettledWeight(double kg) {
    }

    static final StoreKey<StoredCalibrations> CALIBRATIONS = StoreKey.of("calibration.history", StoredCalibrations.class);
    static final StoreKey<KegProfile> KEG = StoreKey.of("keg.profile", KegProfile.class);
    static final StoreKey<PourWindow> POUR_WINDOW = StoreKey.of("pour.window", PourWindow.class);
    static final StoreKey<SettledWeight> SETTLED_WEIGHT = StoreKey.of("keg.settled_weight", SettledWeight.class);
    /** The cloud's low-keg rule (issue 18), kept so a restart does not fall back to the configured defaults. */
    static final StoreKey<LowKegRule> LOW_KEG = StoreKey.of("cloud.low_keg_rule", LowKegRule.class);

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

    /**
     * The keg's settled weight as last stored.
     *
     * @throws com.scalesense.agent.store.StoreValueException if it no longer reads as a {@link SettledWeight}
     */
    public Optional<SettledWeight> settledWeight() {
        return store.get(SETTLED_WEIGHT);
    }

    public void saveSettledWeight(double kg) {
        store.put(SETTLED_WEIGHT, new SettledWeight(kg));
    }

    /**
     * A keg swapped in: its profile, its (empty) pour window and its settled weight in one
     * transaction, so a restart never compares the new keg with the old keg's weight.
     * {@code settledKg} NaN: not known yet, the stored weight is left as it is.
     */
    public void saveKeg(KegProfile keg, PourWindow window, double settledKg) {
        if (Double.isNaN(settledKg)) {
            saveKeg(keg, window);
            return;
        }
        store.putAll(List.of(new NvsStore.Write<>(KEG, keg), new NvsStore.Write<>(POUR_WINDOW, window),
                new NvsStore.Write<>(SETTLED_WEIGHT, new SettledWeight(settledKg))));
    }

    /**
     * The low-keg rule the cloud last sent.
     *
     * @throws com.scalesense.agent.store.StoreValueException if it no longer reads as a {@link LowKegRule}
     */
    public Optional<LowKegRule> lowKegRule() {
        return store.get(LOW_KEG);
    }

    public void saveLowKegRule(LowKegRule rule) {
        store.put(LOW_KEG, rule);
    }

    public long nextBoot() {
        return store.nextBoot();
    }

    public NvsStore store() {
        return store;
    }
}
