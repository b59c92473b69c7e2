package com.scalesense.agent.runtime;

import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.PipelineListener;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationHistory;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.hal.SampleRate;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;

/**
 * The scale's measuring state: calibration history, keg profile and the pipeline built from them.
 * Confined to the sampling thread (every change arrives through its lane, one at a time). Every
 * change is stored first and applied after, so a failed store write leaves the scale as it was.
 * Without any calibration there is no pipeline: samples are read (selftest, live view,
 * calibration) but no reading is recorded, since an uncalibrated level would be made up.
 */
final class ScaleModel {

    private final ScaleMemory memory;
    private final PipelineConfig config;
    private final SampleRate rate;
    private final PipelineListener listener;
    private CalibrationHistory calibrations;
    private MeasurementPipeline pipeline;
    private KegProfile savedKeg;

    ScaleModel(ScaleMemory memory, PipelineConfig config, SampleRate rate, PipelineListener listener,
               Calibration factory) {
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
        KegProfile keg = memory.keg().orElse(KegProfile.reference(KegType.HALF_BARREL));
        calibrations.current().ifPresent(c -> pipeline = new MeasurementPipeline(config, rate, c, keg, listener));
        savedKeg = pipeline == null ? null : pipeline.keg();
    }

    /** The pipeline, or null while the scale has never been calibrated. */
    MeasurementPipeline pipeline() {
        return pipeline;
    }

    CalibrationHistory calibrations() {
        return calibrations;
    }

    Calibration calibration() {
        return calibrations.current().orElse(null);
    }

    KegProfile keg() {
        return pipeline != null ? pipeline.keg() : memory.keg().orElse(KegProfile.reference(KegType.HALF_BARREL));
    }

    KegState state() {
        return pipeline == null ? KegState.INVALID : pipeline.state();
    }

    /** Stores {@code next} as the calibration in use, then measures with it. */
    void commit(Calibration next) {
        CalibrationHistory updated = calibrations.with(next);
        memory.saveCalibrations(updated);
        calibrations = updated;
        if (pipeline == null) {
            pipeline = new MeasurementPipeline(config, rate, next, keg(), listener);
        } else {
            pipeline.recalibrate(next);
        }
    }

    /** The keg now on the tap; what was measured of the keg on the platform is kept. */
    void assignKeg(String kegId, String beerId, KegType type, double sg) {
        KegProfile before = requirePipeline().keg();
        pipeline.assignKeg(kegId, beerId, type, sg);
        saveOrRestore(before);
    }

    /** Tares the keg on the platform as empty or full (the pipeline refuses unless it is stable). */
    DeviceEvent.Tare tareKeg(String kind, long atMs) {
        KegProfile before = requirePipeline().keg();
        DeviceEvent.Tare event = pipeline.tare(kind, atMs);
        saveOrRestore(before);
        return event;
    }

    /**
     * Stores the keg profile if the pipeline replaced it (a keg swap): called after every sample,
     * so a restart keeps the new keg. An identity check, as the profile is an immutable record.
     */
    void persistKegIfChanged() {
        if (pipeline != null && pipeline.keg() != savedKeg) {
            memory.saveKeg(pipeline.keg());
            savedKeg = pipeline.keg();
        }
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
