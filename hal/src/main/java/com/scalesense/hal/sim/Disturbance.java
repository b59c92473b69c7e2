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
 *                    for {@link Kind#PART_FULL_KEG} the beer the keg held when set down; for a load that
 *                    ramps or rocks its mean while held
 * @param shape       how the load comes on, stays and goes ({@link LoadShape#STEP} for a step, and for
 *                    the kinds that add no load); its ramps lie inside {@code startNanos..endNanos}
 */
public record Disturbance(Kind kind, long startNanos, long endNanos, double kg, LoadShape shape) {

    public Disturbance {
        require(kind != null, "kind", null, "must be a disturbance kind");
        require(endNanos > startNanos, "endNanos", endNanos, "must be after startNanos " + startNanos);
        require(Double.isFinite(kg), "kg", kg, "must be finite");
        require(shape != null && (shape.isStep() || kind.addsLoad()), "shape", shape,
                "must be a step for a disturbance that adds no load");
        require(shape.onS() + shape.offS() <= (endNanos - startNanos) / 1e9 + 1e-9, "shape", shape,
                "ramps must fit inside the disturbance's " + (endNanos - startNanos) / 1e9 + " s");
    }

    /** A load that comes on and goes in one step (every disturbance before the seventh round). */
    public Disturbance(Kind kind, long startNanos, long endNanos, double kg) {
        this(kind, startNanos, endNanos, kg, LoadShape.STEP);
    }

    /** The classes of disturbance the real bar brings (issue 12). */
    public enum Kind {
        /** A knock, a lean, a hand or a knee on the keg, on and off in a step: 0.5-30 s, ±0.2-15 kg. */
        KNOCK(true),
        /** A knock or lean that comes on and goes over 0.1-1 s each (a real hand or knee). */
        KNOCK_RAMPED(true),
        /** A lean that comes on over 0.1-1 s and eases off over 2-20 s. */
        LEAN_EASING(true),
        /** A lean that rocks ±0.2-1 kg at 0.5-3 Hz around its mean for its whole length, ramped on and off. */
        LEAN_ROCKING(true),
        /** A glass, a crate, a bag of ice left on the keg for minutes to hours, set down and lifted in a step. */
        LEFT_ON_KEG(true),
        /** A thing left on the keg, set down and lifted over 0.1-1 s each. */
        LEFT_ON_KEG_RAMPED(true),
        /** The same keg lifted off and set back (platform cleaned, coupler changed): not a swap. */
        LIFTED(false),
        /** Something that fits no keg type (a calibration weight, a crate) set on the empty platform. */
        OBJECT_ON_EMPTY(true),
        /** Something that fits no keg type, set on the empty platform and lifted over 0.1-1 s each. */
        OBJECT_ON_EMPTY_RAMPED(true),
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

    /** The load this adds at {@code nanos}, kg (0 outside its span or when it adds none). */
    double kgAt(long nanos) {
        if (!kind.addsLoad() || !covers(nanos)) {
            return 0;
        }
        return shape.kgAt(kg, (nanos - startNanos) / 1e9, (endNanos - nanos) / 1e9);
    }
}
