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
 * @param setDownKg a gross weight of this keg seen on the platform, kg: the weight it was set down with (or, for
 *                a keg assigned over another without a swap, its weight then); null when none is known. Not a
 *                measurement of full or empty: it only bounds the shell (beer never exceeds a full keg's), see
 *                {@link #emptyKg}
 */
public record KegProfile(String kegId, String beerId, KegType kegType, double sg, Tare tare, Double setDownKg) {

    /** A keg whose weight on the platform is not known (restored, scripted, or the type's reference). */
    public KegProfile(String kegId, String beerId, KegType kegType, double sg, Tare tare) {
        this(kegId, beerId, kegType, sg, tare, null);
    }

    public KegProfile {
        PipelineException.require(beerId == null || Ids.isBeerId(beerId), "beer_id", beerId, Ids.BEER_ID_RULE);
        PipelineException.require(kegType != null, "keg_type", null, "must be set");
        PipelineException.require(Double.isFinite(sg) && sg >= 0.9 && sg <= 1.2, "specific_gravity", sg,
                "must be within [0.9, 1.2]");
        PipelineException.require(tare != null, "tare", null, "must be set (Tare.PENDING if nothing measured)");
        PipelineException.require(setDownKg == null || (Double.isFinite(setDownKg) && setDownKg > 0), "set_down_kg",
                setDownKg, "must be a weight > 0 kg");
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
     * reference, which may be 0.6 kg off); else an estimate (tare_status pending), see {@link #estimatedShellKg}.
     */
    public double emptyKg() {
        if (tare.emptyOffsetKg() == null && tare.fullRefKg() != null) {
            return tare.fullRefKg() - kegType.beerWhenFullKg(sg);
        }
        return tare.emptyOffsetKg() != null ? tare.emptyOffsetKg() : estimatedShellKg();
    }

    /**
     * The shell the scale estimates while nothing of the keg was measured, kg: the middle of the shells its weight
     * allows. A shell lies within {@link KegType#SHELL_SPREAD_KG} of its type's reference; a keg holds at most a
     * full keg's beer, so a keg seen weighing {@link #setDownKg} has a shell of at least that less a full keg's beer.
     * The middle of what is left is off by at most half its width, never more than the spread (0.3 kg: 0.5 % of a
     * half barrel's beer, 1.0 % of a quarter's, 1.5 % of a sixth's), and the nearer the weight comes to a full keg
     * with the heaviest shell, the less (exact there). A keg that may be full is not taken for full: a part-full
     * keg with a heavy shell weighs what a full one with a light shell does (issue 12: a keg 97.9 % full was taken
     * for full and its level claimed 2.1 % high). Without a weight, or before the keg is assigned, the type's
     * reference: until then the gravity is the replaced keg's beer's, and a full keg's beer at a gravity 0.03 off
     * is 1.7 kg off for a half barrel, which would pin the shell to an end of its range instead of narrowing it.
     */
    public double estimatedShellKg() {
        double reference = kegType.emptyKg();
        if (setDownKg == null || kegId == null) {
            return reference;
        }
        double high = reference + KegType.SHELL_SPREAD_KG;
        double low = Math.max(reference - KegType.SHELL_SPREAD_KG, Math.min(high, setDownKg - kegType.beerWhenFullKg(sg)));
        return (low + high) / 2;
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
        return new KegProfile(kegId, beerId, kegType, sg, newTare, setDownKg);
    }

    private static double emptyOf(KegType type, Tare tare) {
        return tare.emptyOffsetKg() != null ? tare.emptyOffsetKg() : type.emptyKg();
    }
}
