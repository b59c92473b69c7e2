package com.scalesense.agent.runtime;

import com.scalesense.control.ControlException;
import com.scalesense.control.Replies;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * A technician's calibration in progress: measured points, then a fitted candidate, then commit
 * (or cancel). Nothing reaches the scale before commit. One session per agent; thread-safe.
 */
final class CalibrationSession {

    /** Largest distance of a point from the fitted line, kg: 50 g, well above the cell's noise
     *  (HX711 datasheet p.2, 50 nV rms ≈ 1 g on a 2 mV/V 200 kg cell) and below a 1 oz pour. */
    static final double MAX_RESIDUAL_KG = 0.05;

    private final List<Replies.Point> points = new ArrayList<>();
    private Calibration candidate;

    synchronized Replies.Session add(Replies.Point point) {
        points.add(point);
        candidate = null;
        return view();
    }

    /** Fits the points; a refused fit throws CalibrationRejectedException naming the culprit point. */
    synchronized Replies.Session fit(long nowMs) {
        List<CalibrationPoint> fitted = points.stream().map(p -> new CalibrationPoint(p.knownKg(), p.counts(), null)).toList();
        candidate = new CalibrationFit(MAX_RESIDUAL_KG).fit(fitted, nowMs);
        return view();
    }

    /** The fitted candidate; the session ends only when {@link #clear()} is called after it is stored. */
    synchronized Calibration candidate() {
        if (candidate == null) {
            throw new ControlException("no_candidate", "candidate = 'none': fit the points before commit");
        }
        return candidate;
    }

    synchronized Replies.Session clear() {
        points.clear();
        candidate = null;
        return view();
    }

    private Replies.Session view() {
        return new Replies.Session(List.copyOf(points), candidate == null ? null : AgentControl.info(candidate, candidate.calibratedAtMs()));
    }
}
