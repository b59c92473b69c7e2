package com.scalesense.agent.pipeline.detect;

import com.scalesense.agent.pipeline.PipelineException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Pour rate over a sliding window (seed 000: default 6 h) and hours remaining at that rate.
 * Seed 000 divides the gallons that left the keg in the window by the window length; it is done
 * here from detected pours rather than MAX − MIN of noisy levels, so a keg swap inside the window
 * cannot count as a pour. Times are monotonic ms; volumes US gallons.
 *
 * <p>Holds at most {@link #MAX_POURS} pours, the oldest dropped first. {@link #changes()} counts
 * every add, clear and restore, so an owner that keeps the window elsewhere (the NVS store) knows
 * when to write it again; pours leaving the window as time passes are not a change.
 */
public final class PourRate {

    /**
     * Pours kept: one every 30 s for the whole default 6 h window, more than any tap pours. The
     * bound keeps the stored window small (about 53 bytes of JSON a pour: 38 KB at the bound).
     */
    public static final int MAX_POURS = 720;

    /**
     * One pour in the window.
     *
     * @param monoMs  when it ended, monotonic ms (comparable only within one start of the agent)
     * @param gallons US gallons poured, ≥ 0
     */
    public record Pour(long monoMs, double gallons) {

        public Pour {
            PipelineException.require(Double.isFinite(gallons) && gallons >= 0, "gallons", gallons,
                    "must be a finite number >= 0");
        }
    }

    private final long windowMs;
    private final Deque<Pour> pours = new ArrayDeque<>();
    private final Collection<Pour> view = Collections.unmodifiableCollection(pours);
    private double sum;
    private long changes;

    public PourRate(long windowMs) {
        PipelineException.require(windowMs > 0, "rate_window", windowMs, "must be > 0 ms");
        this.windowMs = windowMs;
    }

    public void add(long atMs, double gallons) {
        Pour pour = new Pour(atMs, gallons);
        pours.addLast(pour);
        sum += gallons;
        dropOverBound();
        changes++;
    }

    /** Forgets every pour: a new keg starts a new window. */
    public void clear() {
        pours.clear();
        sum = 0;
        changes++;
    }

    /**
     * Replaces the window with {@code restored} (e.g. the stored window mapped to this start's
     * monotonic time, together with the pours seen since start), ordered by time; beyond
     * {@link #MAX_POURS} the oldest are dropped.
     */
    public void restore(Collection<Pour> restored) {
        List<Pour> sorted = new ArrayList<>(restored);
        sorted.sort(Comparator.comparingLong(Pour::monoMs));
        pours.clear();
        sum = 0;
        for (Pour pour : sorted) {
            pours.addLast(pour);
            sum += pour.gallons(); // summed as add() does, so a restored window gives the same rate
        }
        dropOverBound();
        changes++;
    }

    /** The pours in the window, oldest first; a read-only view that follows later changes. */
    public Collection<Pour> pours() {
        return view;
    }

    /** Adds, clears and restores so far: a change since the owner last saw this number means write it again. */
    public long changes() {
        return changes;
    }

    /** Gallons per hour poured over the window ending at {@code nowMs}. */
    public double gallonsPerHour(long nowMs) {
        while (!pours.isEmpty() && pours.peekFirst().monoMs() <= nowMs - windowMs) {
            sum -= pours.removeFirst().gallons();
        }
        if (pours.isEmpty()) {
            sum = 0; // drop accumulated rounding when nothing is left
        }
        return Math.max(0, sum) / (windowMs / 3_600_000.0);
    }

    /** Hours until {@code gallonsLeft} are gone at {@code gallonsPerHour}; null when nothing is poured. */
    public static Double hoursRemaining(double gallonsLeft, double gallonsPerHour) {
        return gallonsPerHour > 0 ? gallonsLeft / gallonsPerHour : null;
    }

    private void dropOverBound() {
        while (pours.size() > MAX_POURS) {
            sum -= pours.removeFirst().gallons();
        }
    }
}
