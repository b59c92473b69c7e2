package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;

import java.util.List;

/**
 * Turns raw counts into kg on the platform: kg = (counts − offset − tc × (T − T_ref)) / scale.
 * The platform plate is inside the offset, so 0 kg means "nothing on the platform".
 *
 * @param offsetCounts      counts with nothing on the platform at the reference temperature
 * @param countsPerKg       scale, counts per kg (negative if the cell is wired reversed)
 * @param points            the points it was fitted from
 * @param residualKg        worst |residual| of those points from the fitted line, kg
 * @param quality           how well the points checked the line
 * @param tempCoeffCountsPerC zero drift, counts per °C; 0 when not compensated
 * @param referenceTempC    temperature the offset holds at, °C, or null without a sensor
 * @param calibratedAtMs    epoch ms of the fit
 */
public record Calibration(double offsetCounts, double countsPerKg, List<CalibrationPoint> points,
                          double residualKg, CalibrationQuality quality, double tempCoeffCountsPerC,
                          Double referenceTempC, long calibratedAtMs) {

    public Calibration {
        PipelineException.require(Double.isFinite(offsetCounts), "offset", offsetCounts, "must be a finite count");
        PipelineException.require(Double.isFinite(countsPerKg) && Math.abs(countsPerKg) > 1, "scale", countsPerKg,
                "must be a finite count per kg with |scale| > 1");
        points = List.copyOf(points);
        PipelineException.require(Double.isFinite(residualKg) && residualKg >= 0, "residual_kg", residualKg, "must be >= 0");
        PipelineException.require(quality != null, "quality", null, "must be set");
        PipelineException.require(Double.isFinite(tempCoeffCountsPerC), "temp_coeff", tempCoeffCountsPerC, "must be finite");
    }

    /** kg on the platform for {@code counts} at temperature {@code tempC} (null: no compensation). */
    public double toKg(double counts, Double tempC) {
        double c = counts;
        if (tempC != null && referenceTempC != null) {
            c -= tempCoeffCountsPerC * (tempC - referenceTempC);
        }
        return (c - offsetCounts) / countsPerKg;
    }

    /** Same calibration compensating a zero drift of {@code countsPerC} around {@code atC}. */
    public Calibration withTemperatureCompensation(double countsPerC, double atC) {
        return new Calibration(offsetCounts, countsPerKg, points, residualKg, quality, countsPerC, atC, calibratedAtMs);
    }
}
