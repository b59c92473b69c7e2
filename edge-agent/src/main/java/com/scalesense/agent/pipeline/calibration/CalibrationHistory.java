package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every calibration of one scale, oldest first; the newest is the one in use. Immutable: adding
 * returns a new history, so a failed store write leaves the old one in place (seed 000 keeps
 * CAL# history beside the current CALIBRATION item). Keeps the latest {@code limit} entries.
 */
public final class CalibrationHistory {

    private final List<Calibration> entries;
    private final int limit;

    private CalibrationHistory(List<Calibration> entries, int limit) {
        this.entries = List.copyOf(entries);
        this.limit = limit;
    }

    public static CalibrationHistory empty(int limit) {
        PipelineException.require(limit >= 1, "history_limit", limit, "must be >= 1");
        return new CalibrationHistory(List.of(), limit);
    }

    /** A history with {@code next} as the calibration in use; refuses one older than the current. */
    public CalibrationHistory with(Calibration next) {
        current().ifPresent(c -> PipelineException.require(next.calibratedAtMs() >= c.calibratedAtMs(),
                "calibrated_at", next.calibratedAtMs(), "must not be older than the current calibration " + c.calibratedAtMs()));
        List<Calibration> all = new ArrayList<>(entries);
        all.add(next);
        return new CalibrationHistory(all.subList(Math.max(0, all.size() - limit), all.size()), limit);
    }

    public Optional<Calibration> current() {
        return entries.isEmpty() ? Optional.empty() : Optional.of(entries.get(entries.size() - 1));
    }

    /** All kept calibrations, oldest first. */
    public List<Calibration> entries() {
        return entries;
    }
}
