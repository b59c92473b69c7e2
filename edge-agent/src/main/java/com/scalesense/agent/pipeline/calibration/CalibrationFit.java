package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;

import java.util.ArrayList;
import java.util.List;

/**
 * Least-squares calibration from known loads: counts = offset + scale × kg. Refuses a fit whose
 * worst point lies further than {@code maxResidualKg} from the line, naming that point; with three
 * or more points the culprit is the one whose removal leaves the others closest to a line
 * (a bad point pulls the line toward itself, so its own in-fit residual can understate it).
 */
public final class CalibrationFit {

    private final double maxResidualKg;

    /** @param maxResidualKg largest tolerated distance of a point from the line, kg */
    public CalibrationFit(double maxResidualKg) {
        PipelineException.requirePositive(maxResidualKg, "max_residual_kg");
        this.maxResidualKg = maxResidualKg;
    }

    public Calibration fit(List<CalibrationPoint> points, long atMs) {
        if (points.size() < 2 || points.stream().mapToDouble(CalibrationPoint::knownKg).distinct().count() < 2) {
            throw new CalibrationRejectedException("points", points.size() + " point(s)",
                    "need at least two different known weights", -1, Double.NaN, List.of());
        }
        double[] line = line(points, -1);
        if (!(Math.abs(line[1]) > 1)) {
            throw new CalibrationRejectedException("scale", line[1],
                    "counts must change with load (|scale| > 1 count/kg): is the cell wired?", -1, Double.NaN, List.of());
        }
        List<Double> residuals = new ArrayList<>();
        int worst = 0;
        for (int i = 0; i < points.size(); i++) {
            residuals.add(residualKg(points.get(i), line));
            if (Math.abs(residuals.get(i)) > Math.abs(residuals.get(worst))) {
                worst = i;
            }
        }
        double worstKg = Math.abs(residuals.get(worst));
        if (worstKg > maxResidualKg) {
            int culprit = points.size() >= 3 ? leaveOneOutCulprit(points) : worst;
            CalibrationPoint p = points.get(culprit);
            throw new CalibrationRejectedException("points[" + culprit + "]",
                    String.format("%.3f kg read as %.0f counts, residual %.4f kg", p.knownKg(), p.counts(), residuals.get(culprit)),
                    "every point must lie within " + maxResidualKg + " kg of the fitted line", culprit,
                    residuals.get(culprit), residuals);
        }
        CalibrationQuality quality = points.size() < 3 ? CalibrationQuality.UNVERIFIED
                : worstKg <= maxResidualKg / 2 ? CalibrationQuality.VERIFIED : CalibrationQuality.MARGINAL;
        Double refTemp = meanTemperature(points);
        return new Calibration(line[0], line[1], points, worstKg, quality, 0, refTemp, atMs);
    }

    private static int leaveOneOutCulprit(List<CalibrationPoint> points) {
        int culprit = 0;
        double largest = -1;
        for (int i = 0; i < points.size(); i++) {
            double[] without = line(points, i);
            double r = Math.abs(residualKg(points.get(i), without));
            if (Double.isFinite(r) && r > largest) {
                largest = r;
                culprit = i;
            }
        }
        return culprit;
    }

    /** {offset, scale} of the least-squares line through all points but {@code skip}. */
    private static double[] line(List<CalibrationPoint> points, int skip) {
        double n = 0;
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < points.size(); i++) {
            if (i != skip) {
                n++;
                sx += points.get(i).knownKg();
                sy += points.get(i).counts();
            }
        }
        double mx = sx / n;
        double my = sy / n;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < points.size(); i++) {
            if (i != skip) {
                double dx = points.get(i).knownKg() - mx;
                sxx += dx * dx;
                sxy += dx * (points.get(i).counts() - my);
            }
        }
        double scale = sxy / sxx;
        return new double[] {my - scale * mx, scale};
    }

    private static double residualKg(CalibrationPoint p, double[] line) {
        return (p.counts() - line[0]) / line[1] - p.knownKg();
    }

    private static Double meanTemperature(List<CalibrationPoint> points) {
        if (points.stream().anyMatch(p -> p.tempC() == null)) {
            return null;
        }
        return points.stream().mapToDouble(CalibrationPoint::tempC).average().orElseThrow();
    }
}
