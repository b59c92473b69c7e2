package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.protocol.Ids;

/**
 * The keg on the tap as the scale knows it: its type, the beer in it, the beer's specific gravity
 * and its tare. Turns a gross weight into level, gallons and pints with seed 000's formulas.
 *
 * @param kegId   keg id assigned by the cloud ({@code keg-YYYYMMDD-xxxx}), or null before assignment
 * @param beerId  seed 000 beer_id of the beer in the keg (e.g. {@code guinness-draught}), or null when
 *                the beer is unknown: a keg swap the scale noticed by itself, an assignment that did
 *                not name it, or a profile stored before the scale kept the beer
 * @param kegType keg type (reference weights)
 * @param sg      specific gravity of the beer (seed 000: default 1.0; 1.007 … 1.014)
 * @param tare    measured weights of this keg
 */
public record KegProfile(String kegId, String beerId, KegType kegType, double sg, Tare tare) {

    public KegProfile {
        PipelineException.require(beerId == null || Ids.isBeerId(beerId), "beer_id", beerId, Ids.BEER_ID_RULE);
        PipelineException.require(kegType != null, "keg_type", null, "must be set");
        PipelineException.require(Double.isFinite(sg) && sg >= 0.9 && sg <= 1.2, "specific_gravity", sg,
                "must be within [0.9, 1.2]");
        PipelineException.require(tare != null, "tare", null, "must be set (Tare.PENDING if nothing measured)");
        PipelineException.require(tare.fullRefKg() == null || tare.fullRefKg() > emptyOf(kegType, tare), "full_ref",
                tare.fullRefKg(), "must be heavier than the empty weight " + emptyOf(kegType, tare) + " kg");
    }

    /** A keg of {@code type} with an unknown beer of sg 1.0 (seed 000's default) and nothing measured. */
    public static KegProfile reference(KegType type) {
        return new KegProfile(null, null, type, 1.0, Tare.PENDING);
    }

    /**
     * Empty weight in use, kg: the measured empty_offset; else, when only the full weight was measured, that
     * weight less a full keg's beer (capacity at this gravity: the shell this keg really has, not its type's
     * reference, which may be 0.6 kg off); else the type's reference.
     */
    public double emptyKg() {
        if (tare.emptyOffsetKg() == null && tare.fullRefKg() != null) {
            return tare.fullRefKg() - kegType.beerWhenFullKg(sg);
        }
        return emptyOf(kegType, tare);
    }

    /**
     * Beer in this keg when full, kg (issue 12: one definition of full): the measured full tare (full_ref
     * less empty_offset) when both were measured, else the type's capacity at this beer's gravity (see
     * {@link KegType#beerWhenFullKg}).
     */
    public double beerWhenFullKg() {
        return tare.fullRefKg() != null && tare.emptyOffsetKg() != null ? tare.fullRefKg() - tare.emptyOffsetKg()
                : kegType.beerWhenFullKg(sg);
    }

    /**
     * Level at gross weight {@code weightKg}: net_kg = weight − empty (≥ 0); level_pct = 100 × net_kg /
     * beer when full, clamped to [0, 100]; gallons = (net_kg / sg) × 0.264172. Both come from the same
     * net weight and the same gravity, so level_pct × the gallons when full = gallons (issue 12).
     */
    public KegLevel levelAt(double weightKg, double servingOz) {
        double net = Math.max(0, weightKg - emptyKg());
        double pct = Math.min(100, 100 * net / beerWhenFullKg());
        double gallons = Units.beerKgToGallons(net, sg);
        double oz = gallons * Units.OZ_PER_GALLON;
        return new KegLevel(pct, gallons, Units.kgToLbs(weightKg), oz / Units.OZ_PER_PINT, oz / servingOz);
    }

    public KegProfile withTare(Tare newTare) {
        return new KegProfile(kegId, beerId, kegType, sg, newTare);
    }

    private static double emptyOf(KegType type, Tare tare) {
        return tare.emptyOffsetKg() != null ? tare.emptyOffsetKg() : type.emptyKg();
    }
}
