package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;

/**
 * Keg types and their reference weights (seed 000 "Keg type reference data"): the only place in
 * the pipeline that knows them. Used until a tare measures the real keg.
 */
public enum KegType {
    HALF_BARREL("half_barrel", 15.5, 161.5, 29.0),
    QUARTER_BARREL("quarter_barrel", 7.75, 87.0, 22.0),
    SIXTH_BARREL("sixth_barrel", 5.17, 61.0, 16.5),
    SLIM_QUARTER("slim_quarter", 7.75, 87.0, 20.0);

    private final String wireName;
    private final double gallons;
    private final double fullLbs;
    private final double emptyLbs;

    KegType(String wireName, double gallons, double fullLbs, double emptyLbs) {
        this.wireName = wireName;
        this.gallons = gallons;
        this.fullLbs = fullLbs;
        this.emptyLbs = emptyLbs;
    }

    /** Name on the wire and in the tables, e.g. {@code half_barrel}. */
    public String wireName() {
        return wireName;
    }

    /** Nominal beer capacity, US gallons. */
    public double gallons() {
        return gallons;
    }

    /** Reference gross weight when full, lbs. */
    public double fullLbs() {
        return fullLbs;
    }

    /** Reference weight of the empty keg, lbs. */
    public double emptyLbs() {
        return emptyLbs;
    }

    /** Reference gross weight when full, kg. */
    public double fullKg() {
        return Units.lbsToKg(fullLbs);
    }

    /** Reference weight of the empty keg, kg. */
    public double emptyKg() {
        return Units.lbsToKg(emptyLbs);
    }

    /** The type with wire name {@code name}; a clear error naming the allowed names otherwise. */
    public static KegType fromWireName(String name) {
        for (KegType t : values()) {
            if (t.wireName.equals(name)) {
                return t;
            }
        }
        throw new PipelineException("keg_type", name, "must be one of half_barrel, quarter_barrel, sixth_barrel, slim_quarter");
    }

    /**
     * The type whose reference full weight is nearest {@code grossKg}, keeping {@code preferred}
     * on a tie (quarter_barrel and slim_quarter are both 87.0 lbs full and cannot be told apart).
     */
    public static KegType nearestFull(double grossKg, KegType preferred) {
        KegType best = preferred;
        double bestGap = Math.abs(preferred.fullKg() - grossKg);
        for (KegType t : values()) {
            double gap = Math.abs(t.fullKg() - grossKg);
            if (gap < bestGap - 1e-9) {
                best = t;
                bestGap = gap;
            }
        }
        return best;
    }
}
