package com.scalesense.hal.sim;

/**
 * A pour as it really happened in the simulation: the tap was open from start to end and beer
 * left the keg at a constant flow.
 *
 * @param startNanos simulated time the tap opened, ns since the scenario began
 * @param endNanos   simulated time the tap closed, ns
 * @param volumeMl   beer poured, millilitres
 * @param beerKg     mass of that beer, kg (volume × sg)
 */
public record TruePour(long startNanos, long endNanos, double volumeMl, double beerKg) {

    /** Millilitres in one US fluid ounce. */
    public static final double ML_PER_OZ = 29.5735;

    public double volumeOz() {
        return volumeMl / ML_PER_OZ;
    }

    /** Beer mass already gone at {@code nanos}: 0 before the start, linear while open, all after. */
    double pouredKgAt(long nanos) {
        if (nanos <= startNanos) {
            return 0;
        }
        if (nanos >= endNanos) {
            return beerKg;
        }
        return beerKg * (nanos - startNanos) / (double) (endNanos - startNanos);
    }
}
