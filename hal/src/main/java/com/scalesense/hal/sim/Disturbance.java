package com.scalesense.hal.sim;

import java.util.Locale;

import static com.scalesense.hal.sim.SimulationConfigException.require;

/**
 * Something that happened at the bar that is neither a pour nor a keg swap, as ground truth (like
 * {@link TruePour}): the scorer uses it to tell what a detected pour or swap really was.
 *
 * @param kind        what happened
 * @param startNanos  simulated time it began, ns since the scenario began
 * @param endNanos    simulated time it ended, ns
 * @param kg          load it added to the platform while it lasted, kg (negative: a lean that lifts
 *                    part of the keg); for {@link Kind#LIFTED} the keg's own gross weight when lifted;
 *                    for {@link Kind#PART_FULL_KEG} the beer the keg held when set down
 */
public record Disturbance(Kind kind, long startNanos, long endNanos, double kg) {

    public Disturbance {
        require(kind != null, "kind", null, "must be a disturbance kind");
        require(endNanos > startNanos, "endNanos", endNanos, "must be after startNanos " + startNanos);
        require(Double.isFinite(kg), "kg", kg, "must be finite");
    }

    /** The classes of disturbance the real bar brings (issue 12). */
    public enum Kind {
        /** A knock, a lean, a hand or a knee on the keg: 0.5-30 s, ±0.2-15 kg. */
        KNOCK(true),
        /** A glass, a crate, a bag of ice left on the keg for minutes to hours. */
        LEFT_ON_KEG(true),
        /** The same keg lifted off and set back (platform cleaned, coupler changed): not a swap. */
        LIFTED(false),
        /** Something that fits no keg type (a calibration weight, a crate) set on the empty platform. */
        OBJECT_ON_EMPTY(true),
        /** A keg set down part-full (moved from another tap): covers its whole stay; adds no load. */
        PART_FULL_KEG(false);

        private final boolean addsLoad;

        Kind(boolean addsLoad) {
            this.addsLoad = addsLoad;
        }

        /** True when {@code kg} is added to the platform's weight while the disturbance lasts. */
        public boolean addsLoad() {
            return addsLoad;
        }

        /** Lower-case name as written in truth files, e.g. {@code left_on_keg}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    boolean covers(long nanos) {
        return nanos >= startNanos && nanos < endNanos;
    }
}
