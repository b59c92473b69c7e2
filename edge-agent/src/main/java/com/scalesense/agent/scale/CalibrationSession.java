package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * A technician's calibration in progress: measured points, then a fitted candidate, then commit
 * (or cancel). Nothing reaches the scale before commit. One session per agent; thread-safe.
 */
public final class CalibrationSession {

    /** Largest distance of a point from the fitted line, kg: 50 g, well above the cell's noise
     *  (HX711 datasheet p.2, 50 nV rms ≈ 1 g on a 2 mV/V 200 kg cell) and below a 1 oz pour. */
    public static final double MAX_RESIDUAL_KG = 0.05;

    /**
     * A point as measured on the platform.
     *
     * @param point     the known weight and the mean counts
     * @param stdCounts standard deviation of the counts over the settled samples
     * @param samples   how many settled samples were averaged
     */
    public record MeasuredPoint(CalibrationPoint point, double stdCounts, int samples) {
    }

    /**
     * The session now.
     *
     * @param points    the points measured so far, in order
     * @param candidate the fitted calibration waiting for commit, null before a fit or after a new point
     */
    public record State(List<MeasuredPoint> points, Calibration candidate) {
    }

    private final List<MeasuredPoint> points = new ArrayList<>();
    private Calibration candidate;

    public synchronized State add(MeasuredPoint point) {
        points.add(point);
        candidate = null;
        return state();
    }

    /** Fits the points; a refused fit throws CalibrationRejectedException naming the culprit point. */
    public synchronized State fit(long nowMs) {
        candidate = new CalibrationFit(MAX_RESIDUAL_KG).fit(points.stream().map(MeasuredPoint::point).toList(), nowMs);
        return state();
    }

    /**
     * The fitted candidate; the session ends only when {@link #clear()} is called after it is stored.
     *
     * @throws NoCandidateException before a fit
     */
    public synchronized Calibration candidate() {
        if (candidate == null) {
            throw new NoCandidateException();
        }
        return candidate;
    }

    public synchronized State clear() {
        points.clear();
        candidate = null;
        return state();
    }

    private State state() {
        return new State(List.copyOf(points), candidate);
    }
}
