package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.ImplausibleTareException;
import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.Units;
import java.util.Locale;

/**
 * The keg on the tap through swaps, assignments and tares. Every change builds the new
 * {@link KegProfile} first (which validates it) and only then replaces the old one, so a
 * refused change leaves the keg as it was.
 */
public final class KegKeeper {

    private final double shellToleranceKg;
    private final double fullBeerTolerance;
    private final double fullKegWindowKg;
    private KegProfile keg;
    /** Settled weight and time of the keg swapped in, until its first assignment; null otherwise. */
    private Double setDownKg;
    private long setDownAtMs;

    /**
     * @param shellToleranceKg  a type's shell weighs its reference ± this, kg (PipelineConfig shell_tolerance_kg)
     * @param fullBeerTolerance a full keg holds its capacity at its gravity within this fraction
     * @param fullKegWindowKg   a keg set down within this of its type's full weight is taken as set down full
     *                          when it is assigned (PipelineConfig full_keg_window_kg)
     */
    public KegKeeper(KegProfile initial, double shellToleranceKg, double fullBeerTolerance, double fullKegWindowKg) {
        this.keg = initial;
        this.shellToleranceKg = shellToleranceKg;
        this.fullBeerTolerance = fullBeerTolerance;
        this.fullKegWindowKg = fullKegWindowKg;
    }

    public KegProfile profile() {
        return keg;
    }

    /**
     * A new keg of {@code weightKg} settled on the platform: tare pending, the beer unknown (a scale
     * cannot tell one beer from another) and the last beer's sg kept until the keg is assigned. No
     * keg is taken for full (issue 12: a part-full keg read 100 % until assigned): its level comes
     * from its weight, its type's reference empty and its capacity at that gravity. Its type is the
     * replaced keg's unless the weight is impossible for it (see {@link KegType#mostPlausible}).
     */
    public void swappedIn(double weightKg, long atMs) {
        KegType type = KegType.mostPlausible(weightKg, keg.sg(), keg.kegType(), shellToleranceKg);
        keg = new KegProfile(null, null, type, keg.sg(), Tare.PENDING);
        setDownKg = weightKg;
        setDownAtMs = atMs;
    }

    /**
     * The keg was assigned (by the cloud or the technician) with its beer ({@code beerId}, null when
     * not named). The keg swapped in (no keg_id yet) or the same keg_id again keeps what was measured
     * of it; another keg_id over an assigned keg (a swap the scale did not see: the new keg weighed what
     * the old one did, or a correction) starts with nothing measured, as the old keg's tare is not its.
     *
     * <p>A keg that has nothing measured is also looked at once, with the weight it was set down with
     * (the keg swapped in) or, for another keg, {@code nowKg} at {@code nowMs} (NaN: not known): within
     * {@code full_keg_window_kg} of a full keg of the assigned type and gravity (shell reference + capacity
     * × 3.785411784 L × sg), it is full and that weight is recorded as its full_ref. Why: shells of one type
     * differ by up to ± 0.6 kg between makers (issue 12's bar: ± 0.3 kg), 1.5 to 3 % of a sixth barrel's
     * beer for the whole life of the keg when the level counts from the reference shell; counting down
     * from the weight it had when full leaves only the brewery's fill. A keg part-full weighs less and
     * keeps the reference shell (its level is an estimate, as before).
     */
    public void assign(String kegId, String beerId, KegType type, double sg, double nowKg, long nowMs) {
        boolean sameKeg = keg.kegId() == null || keg.kegId().equals(kegId);
        Tare tare = sameKeg ? keg.tare() : Tare.PENDING;
        Double fullAt = keg.kegId() == null ? setDownKg : sameKeg || Double.isNaN(nowKg) ? null : nowKg;
        long fullAtMs = keg.kegId() == null ? setDownAtMs : nowMs;
        if (fullAt != null && tare.taredAtMs() == null
                && Math.abs(fullAt - type.emptyKg() - type.beerWhenFullKg(sg)) <= fullKegWindowKg) {
            tare = tare.withFull(fullAt, fullAtMs);
        }
        keg = new KegProfile(kegId, beerId, type, sg, tare);
        setDownKg = null;
    }

    /**
     * Records {@code kg} as the keg's {@code "empty"} or {@code "full"} weight; all or nothing. A
     * weight that makes no physical sense for the keg's type is refused (issue 12: an empty tare
     * equal to the full one gave 100 % of 0.0001 gallons).
     *
     * @throws ImplausibleTareException an empty weight outside the type's shell range, or a full
     *                                  weight that does not hold a full keg of beer over the empty one
     */
    public Tare tare(String kind, double kg, long atMs) {
        Tare now = keg.tare();
        Double full = switch (kind) {
            case "empty" -> now.fullRefKg();
            case "full" -> kg;
            default -> throw new PipelineException("kind", kind, "must be empty or full");
        };
        if ("empty".equals(kind)) {
            requireShell(kg);
        }
        if (full != null) {
            double empty = "empty".equals(kind) ? kg : now.emptyOffsetKg() != null ? now.emptyOffsetKg() : keg.kegType().emptyKg();
            requireFullOfBeer(full, empty, "full".equals(kind));
        }
        Tare next = "empty".equals(kind) ? now.withEmpty(kg, atMs) : now.withFull(kg, atMs);
        keg = keg.withTare(next);
        return next;
    }

    /** Replaces the profile wholesale (e.g. restored from the store at start-up). */
    public void restore(KegProfile profile) {
        keg = profile;
        setDownKg = null;
    }

    private void requireShell(double kg) {
        KegType type = keg.kegType();
        double low = type.emptyKg() - shellToleranceKg;
        double high = type.emptyKg() + shellToleranceKg;
        if (kg < low || kg > high) {
            throw new ImplausibleTareException("empty_offset", kg, String.format(Locale.ROOT,
                    "an empty %s shell weighs %.2f..%.2f kg (%.1f..%.1f lbs); is the keg empty and of that type?",
                    type.wireName(), low, high, Units.kgToLbs(low), Units.kgToLbs(high)));
        }
    }

    private void requireFullOfBeer(double fullKg, double emptyKg, boolean fullMeasuredNow) {
        double nominal = keg.kegType().beerWhenFullKg(keg.sg());
        double low = nominal * (1 - fullBeerTolerance);
        double high = nominal * (1 + fullBeerTolerance);
        double beer = fullKg - emptyKg;
        if (beer < low || beer > high) {
            String rule = String.format(Locale.ROOT, "a full %s holds %.2f..%.2f kg of beer at sg %.3f over its empty "
                    + "weight %.2f kg, this one %.2f kg; is the keg full, of that type and the gravity right?",
                    keg.kegType().wireName(), low, high, keg.sg(), emptyKg, beer);
            throw fullMeasuredNow ? new ImplausibleTareException("full_ref", fullKg, rule)
                    : new ImplausibleTareException("empty_offset", emptyKg, rule);
        }
    }
}
