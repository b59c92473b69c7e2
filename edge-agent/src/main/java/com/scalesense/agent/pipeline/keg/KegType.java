package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.protocol.KegReference;
import com.scalesense.protocol.KegTypes;
import java.util.Arrays;

/**
 * Keg types as the pipeline uses them: seed 000's reference rows ({@link KegTypes}, the one copy
 * of the table) with what the scale reasons from them. Used until a tare measures the real keg.
 */
public enum KegType {
    HALF_BARREL(KegTypes.HALF_BARREL),
    QUARTER_BARREL(KegTypes.QUARTER_BARREL),
    SIXTH_BARREL(KegTypes.SIXTH_BARREL),
    SLIM_QUARTER(KegTypes.SLIM_QUARTER);

    /**
     * A real keg's shell weighs its type's reference empty weight within this, kg (issue 12: shells ± 0.3 kg
     * around the reference). The level of a keg with nothing measured is an estimate whose shell error stays
     * within it (see {@link KegProfile#estimatedShellKg}); a measured tare is refused only outside the wider
     * {@code shell_tolerance_kg}, which also admits other makers' shells.
     */
    public static final double SHELL_SPREAD_KG = 0.3;

    /**
     * See {@link #lightestEmptyKg}: the types' weights are fixed, and a load on the empty platform asks for it at
     * every sample (the detector's {@code couldBeThing}), so it is found once.
     */
    private static final double LIGHTEST_EMPTY_KG = Arrays.stream(values()).mapToDouble(KegType::emptyKg).min()
            .orElseThrow();

    /** The row of protocol's one keg-type table (seed 000) this type stands for. */
    private final KegReference reference;

    KegType(KegReference reference) {
        this.reference = reference;
    }

    /** Name on the wire and in the tables, e.g. {@code half_barrel}. */
    public String wireName() {
        return reference.id();
    }

    /** Nominal beer capacity, US gallons. */
    public double gallons() {
        return reference.gallons();
    }

    /** Reference weight of the empty keg, lbs. */
    public double emptyLbs() {
        return reference.emptyLbs();
    }

    /** Reference weight of the empty keg, kg. */
    public double emptyKg() {
        return Units.lbsToKg(reference.emptyLbs());
    }

    /** The type with wire name {@code name}; a clear error naming the allowed names otherwise. */
    public static KegType fromWireName(String name) {
        for (KegType t : values()) {
            if (t.wireName().equals(name)) {
                return t;
            }
        }
        throw new PipelineException("keg_type", name, "must be one of half_barrel, quarter_barrel, sixth_barrel, slim_quarter");
    }

    /**
     * Beer in a full keg of this type at specific gravity {@code sg}, kg: capacity × 3.785411784 L
     * × sg (issue 12: the one definition of full while no full tare was measured; seed 000's static
     * full_lbs hold a gravity of about 1.024 for a half barrel and would set level and gallons apart).
     */
    public double beerWhenFullKg(double sg) {
        return gallons() * Units.L_PER_GALLON * sg;
    }

    /**
     * Whether {@code grossKg} can be a keg of this type: at least its shell less {@code shellToleranceKg},
     * at most its shell plus that tolerance plus a full keg of the densest beer ({@link Units#MAX_SG}).
     */
    public boolean fits(double grossKg, double shellToleranceKg) {
        return grossKg >= emptyKg() - shellToleranceKg
                && grossKg <= emptyKg() + shellToleranceKg + beerWhenFullKg(Units.MAX_SG);
    }

    /** The lightest reference empty keg of any type (seed 000: a sixth barrel, 16.5 lbs), kg. */
    public static double lightestEmptyKg() {
        return LIGHTEST_EMPTY_KG;
    }

    /** Whether {@code grossKg} fits any keg type (see {@link #fits}). */
    public static boolean anyFits(double grossKg, double shellToleranceKg) {
        for (KegType t : values()) {
            if (t.fits(grossKg, shellToleranceKg)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The type of a keg of {@code grossKg} set down where a {@code previous} stood: bars replace like
     * with like, so the previous type unless the weight is impossible for it; else, of the types it
     * fits, the one whose full weight at {@code sg} is nearest (a new keg is most often full); of all
     * types if it fits none.
     */
    public static KegType mostPlausible(double grossKg, double sg, KegType previous, double shellToleranceKg) {
        if (previous.fits(grossKg, shellToleranceKg)) {
            return previous;
        }
        boolean anyFits = anyFits(grossKg, shellToleranceKg);
        KegType best = previous;
        double bestGap = Double.POSITIVE_INFINITY;
        for (KegType t : values()) {
            double gap = Math.abs(t.emptyKg() + t.beerWhenFullKg(sg) - grossKg);
            if ((!anyFits || t.fits(grossKg, shellToleranceKg)) && gap < bestGap - 1e-9) {
                best = t;
                bestGap = gap;
            }
        }
        return best;
    }
}
