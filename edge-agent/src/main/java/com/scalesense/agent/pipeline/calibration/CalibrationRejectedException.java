package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;

import java.util.List;

/**
 * A calibration fit was refused; the calibration in use is unchanged. Names the point that spoils
 * the fit and carries every point's residual so the technician can see which load to redo.
 */
public final class CalibrationRejectedException extends PipelineException {

    private static final long serialVersionUID = 1L;

    private final int pointIndex;
    private final double residualKg;
    private final List<Double> residualsKg;

    CalibrationRejectedException(String field, Object value, String rule, int pointIndex, double residualKg,
                                 List<Double> residualsKg) {
        super(field, value, rule);
        this.pointIndex = pointIndex;
        this.residualKg = residualKg;
        this.residualsKg = List.copyOf(residualsKg);
    }

    /** Index of the offending point in the list given to the fit, or -1 if no single point is at fault. */
    public int pointIndex() {
        return pointIndex;
    }

    /** That point's residual, kg (NaN if none). */
    public double residualKg() {
        return residualKg;
    }

    /** Residual of every point from the least-squares line, kg, in input order (empty if no line). */
    public List<Double> residualsKg() {
        return residualsKg;
    }
}
