package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.LowKegRule;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.PipelineListener;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.calibration.CalibrationHistory;
import com.scalesense.agent.pipeline.detect.PourRate;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The scale's measuring state: calibration history, keg profile, the keg's pour window and settled
 * weight, and the pipeline built from them.
 * Confined to the sampling thread (every change arrives through its lane, one at a time). Every
 * change is stored first and applied after, so a failed store write leaves the scale as it was.
 * Without any calibration there is no pipeline: samples are read (selftest, live view,
 * calibration) but no reading is recorded, since an uncalibrated level would be made up.
 */
public final class ScaleModel {

    private final ScaleMemory memory;
    private final PipelineConfig config;
    private final SampleRate rate;
    private final PipelineListener listener;
    private CalibrationHistory calibrations;
    private MeasurementPipeline pipeline;
    private KegProfile savedKeg;
    private final StoredPourWindow pours;
    private final StoredSettledWeight weight;
    private LowKegRule lowKeg;

    /**
     * @param factory a calibration to start from when the store holds none, or null
     * @param firstKeg the keg on the tap when the store holds none (stored at once, as a keg
     *                 assigned before the first start would be), or null for a reference half
     *                 barrel that is not stored
     */
    public ScaleModel(ScaleMemory memory, PipelineConfig config, SampleRate rate, PipelineListener listener,
               Calibration factory, KegProfile firstKeg) {
        this(memory, config, rate, listener, factory, firstKeg, LowKegRule.DEFAULTS);
    }

    /** @param lowKeg the low-keg rule until the cloud sends one (the agent's configuration); a stored one wins */
    public ScaleModel(ScaleMemory memory, PipelineConfig config, SampleRate rate, PipelineListener listener,
               Calibration factory, KegProfile firstKeg, LowKegRule lowKeg) {
        this.lowKeg = memory.lowKegRule().orElse(lowKeg);
        this.memory = memory;
        this.config = config;
        this.rate = rate;
        this.listener = listener;
        CalibrationHistory stored = memory.calibrations();
        if (stored.current().isEmpty() && factory != null) {
            stored = stored.with(factory);
            memory.saveCalibrations(stored);
        }
        this.calibrations = stored;
        if (memory.keg().isEmpty() && firstKeg != null) {
            memory.saveKeg(firstKeg);
        }
        KegProfile keg = memory.keg().orElse(KegProfile.reference(KegType.HALF_BARREL));
        this.pours = new StoredPourWindow(memory, keg.kegId());
        this.weight = new StoredSettledWeight(memory, config.swapRiseKg());
        calibrations.current().ifPresent(c -> pipeline = newPipeline(c, keg));
        savedKeg = pipeline == null ? null : pipeline.keg();
    }

    /** The pipeline, or null while the scale has never been calibrated. */
    public MeasurementPipeline pipeline() {
        return pipeline;
    }

    public CalibrationHistory calibrations() {
        return calibrations;
    }

    public Calibration calibration() {
        return calibrations.current().orElse(null);
    }

    public KegProfile keg() {
        return pipeline != null ? pipeline.keg() : memory.keg().orElse(KegProfile.reference(KegType.HALF_BARREL));
    }

    public KegState state() {
        return pipeline == null ? KegState.INVALID : pipeline.state();
    }

    /** Stores {@code next} as the calibration in use, then measures with it. */
    public void commit(Calibration next) {
        CalibrationHistory updated = calibrations.with(next);
        memory.saveCalibrations(updated);
        calibrations = updated;
        if (pipeline == null) {
            pipeline = newPipeline(next, keg());
        } else {
            pipeline.recalibrate(next);
        }
    }

    /** What was found of the pour window in the store at start. */
    StoredPourWindow.Found storedPourWindow() {
        return pours.found();
    }

    /** Feeds one sample to the pipeline, then stores what it changed (a swapped keg, pour window, weight). */
    public void accept(RawSample sample, Ambient now) {
        if (pipeline == null) {
            return;
        }
        pours.beforeSample(pipeline, sample, now);
        pipeline.accept(sample, now);
        persistKegIfChanged();
        storePourWindowIfChanged();
        OptionalDouble settled = weight.due(pipeline);
        if (settled.isPresent()) {
            memory.saveSettledWeight(settled.getAsDouble());
            weight.stored(settled.getAsDouble());
        }
    }

    /** Sampling stops: a pour the pipeline still holds back is reported and stored ({@link MeasurementPipeline#endOfSamples}). */
    public void endOfSamples() {
        if (pipeline == null) {
            return;
        }
        pipeline.endOfSamples();
        storePourWindowIfChanged();
    }

    private void storePourWindowIfChanged() {
        Optional<PourWindow> window = pours.changed(pipeline);
        if (window.isPresent()) {
            memory.savePourWindow(window.get());
            pours.stored(pipeline, window.get());
        }
    }

    /**
     * The keg now on the tap; what was measured of the keg on the platform is kept, and its pours
     * unless it is another keg (see {@link MeasurementPipeline#assignKeg}). The keg and its pour
     * window are stored together, or neither is changed. {@code full}: see {@link MeasurementPipeline#assignKeg(
     * String, String, KegType, double, boolean)}.
     */
    public void assignKeg(String kegId, String beerId, KegType type, double sg, boolean full) {
        KegProfile before = requirePipeline().keg();
        List<PourRate.Pour> poursBefore = List.copyOf(pipeline.pours());
        pipeline.assignKeg(kegId, beerId, type, sg, full);
        PourWindow window = pours.current(pipeline, PourWindow.keptOnAssign(before.kegId(), kegId));
        try {
            memory.saveKeg(pipeline.keg(), window);
        } catch (RuntimeException e) {
            pipeline.restoreKeg(before);
            pipeline.restorePours(poursBefore);
            throw e;
        }
        savedKeg = pipeline.keg();
        pours.stored(pipeline, window);
    }

    /**
     * The cloud's low-keg rule, stored first, then followed from the next reading on. A rule issued
     * before the one in use is ignored (commands may arrive out of order).
     *
     * @return false when {@code next} was older than the rule in use and nothing changed
     */
    public boolean lowKegRule(LowKegRule next) {
        if (!lowKeg.replacedBy(next)) {
            return false;
        }
        memory.saveLowKegRule(next);
        lowKeg = next;
        if (pipeline != null) {
            pipeline.lowKegRule(next);
        }
        return true;
    }

    public LowKegRule lowKegRule() {
        return lowKeg;
    }

    /** Tares the keg on the platform as empty or full (the pipeline refuses unless it is stable). */
    public DeviceEvent.Tare tareKeg(String kind, long atMs) {
        KegProfile before = requirePipeline().keg();
        DeviceEvent.Tare event = pipeline.tare(kind, atMs);
        saveOrRestore(before);
        return event;
    }

    /**
     * Stores the keg profile with its (empty) pour window and settled weight if the pipeline
     * replaced it (a keg swap), so a restart keeps the new keg, never gives it the old keg's pours
     * and compares it with its own weight. An identity check, as the profile is an immutable record.
     */
    private void persistKegIfChanged() {
        if (pipeline.keg() != savedKeg) {
            PourWindow window = pours.current(pipeline, false);
            double settledKg = pipeline.settledWeightKg();
            memory.saveKeg(pipeline.keg(), window, settledKg);
            savedKeg = pipeline.keg();
            pours.stored(pipeline, window);
            weight.stored(settledKg);
        }
    }

    /** A pipeline that knows the keg's weight from before this start, to notice a keg swapped meanwhile. */
    private MeasurementPipeline newPipeline(Calibration calibration, KegProfile keg) {
        MeasurementPipeline built = new MeasurementPipeline(config, rate, calibration, keg, listener);
        built.restoreSettledWeight(weight.stored());
        built.lowKegRule(lowKeg);
        return built;
    }

    private void saveOrRestore(KegProfile before) {
        try {
            memory.saveKeg(pipeline.keg());
            savedKeg = pipeline.keg();
        } catch (RuntimeException e) {
            pipeline.restoreKeg(before);
            throw e;
        }
    }

    private MeasurementPipeline requirePipeline() {
        if (pipeline == null) {
            throw new ScaleNotCalibratedException();
        }
        return pipeline;
    }
}
