package com.scalesense.agent.pipeline.detect;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Pour rate over a sliding window (seed 000: default 6 h) and hours remaining at that rate.
 * Seed 000 divides the gallons that left the keg in the window by the window length; it is done
 * here from detected pours rather than MAX − MIN of noisy levels, so a keg swap inside the window
 * cannot count as a pour. Times are monotonic ms; volumes US gallons.
 */
public final class PourRate {

    private record Entry(long atMs, double gallons) {
    }

    private final long windowMs;
    private final Deque<Entry> pours = new ArrayDeque<>();
    private double sum;

    public PourRate(long windowMs) {
        this.windowMs = windowMs;
    }

    public void add(long atMs, double gallons) {
        pours.addLast(new Entry(atMs, gallons));
        sum += gallons;
    }

    /** Gallons per hour poured over the window ending at {@code nowMs}. */
    public double gallonsPerHour(long nowMs) {
        while (!pours.isEmpty() && pours.peekFirst().atMs() <= nowMs - windowMs) {
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
}
