package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;

/**
 * One known load on the platform and what the ADC read for it.
 *
 * @param knownKg  certified weight on the platform, kg (0 for the empty platform)
 * @param counts   mean raw ADC counts over the settled samples at that load
 * @param tempC    temperature at the cell when measured, °C, or null without a sensor
 */
public record CalibrationPoint(double knownKg, double counts, Double tempC) {

    public CalibrationPoint {
        PipelineException.require(Double.isFinite(knownKg) && knownKg >= 0, "known_kg", knownKg, "must be a weight >= 0 kg");
        PipelineException.require(Double.isFinite(counts), "counts", counts, "must be a finite count");
        PipelineException.require(tempC == null || (tempC > -40 && tempC < 85), "temp_c", tempC,
                "must be within the HX711's -40..85 °C operating range (datasheet p.1)");
    }
}
