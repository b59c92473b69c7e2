package com.scalesense.cal.output;

import java.util.ArrayDeque;

/**
 * Whether the platform is steady enough to take a calibration point or a tare, as the
 * technician watches {@code read}: the spread (max − min) of the last {@value #WINDOW} weights
 * against {@value #STEADY_KG} kg. 1 s at 10 SPS; the 50 g bound is the largest residual the
 * agent's calibration fit accepts (CalibrationSession.MAX_RESIDUAL_KG), so a point taken while
 * "steady" cannot by itself spoil a fit. Samples without a weight (bad sample, no calibration)
 * leave the verdict unknown.
 */
public final class Stability {

    /** Samples looked at: 1 s at 10 SPS. */
    public static final int WINDOW = 10;
    /** Largest spread that still counts as steady, kg. */
    public static final double STEADY_KG = 0.05;

    /** The verdict for the latest sample. */
    public enum Verdict {
        /** Fewer than {@value #WINDOW} weights seen yet. */
        SETTLING,
        STEADY,
        MOVING,
        /** No weight in the window: uncalibrated scale or bad samples. */
        UNKNOWN
    }

    private final ArrayDeque<Double> weights = new ArrayDeque<>();

    /** Adds a sample's weight (kg, or null without one) and returns the verdict. */
    public Verdict add(Double weightKg) {
        if (weightKg == null) {
            weights.clear();
            return Verdict.UNKNOWN;
        }
        weights.addLast(weightKg);
        if (weights.size() > WINDOW) {
            weights.removeFirst();
        }
        if (weights.size() < WINDOW) {
            return Verdict.SETTLING;
        }
        return spreadKg() <= STEADY_KG ? Verdict.STEADY : Verdict.MOVING;
    }

    /** Max − min of the weights in the window, kg (0 when empty). */
    public double spreadKg() {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double w : weights) {
            min = Math.min(min, w);
            max = Math.max(max, w);
        }
        return weights.isEmpty() ? 0 : max - min;
    }
}
