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
    private KegProfile keg;
    /**
     * When the keg swapped in was set down, epoch ms (the time of a full_ref taken from its weight); 0 when not
     * known (a profile restored at start-up).
     */
    private long setDownAtMs;
    /**
     * The assigned keg the last swap since this start replaced (null: none). A keg set down after the platform stood
     * empty longer than a lift takes is a swap whatever it weighs ({@code PipelineConfig.sameKegMaxEmpty}); if it was that
     * keg set back after all, assigning it by that keg_id says so, and what was measured of it comes back.
     */
    private KegProfile replaced;

    /**
     * @param shellToleranceKg  a type's shell weighs its reference ± this, kg (PipelineConfig shell_tolerance_kg)
     * @param fullBeerTolerance a full keg holds its capacity at its gravity within this fraction
     */
    public KegKeeper(KegProfile initial, double shellToleranceKg, double fullBeerTolerance) {
        this.keg = initial;
        this.shellToleranceKg = shellToleranceKg;
        this.fullBeerTolerance = fullBeerTolerance;
    }

    public KegProfile profile() {
        return keg;
    }

    /**
     * A new keg of {@code weightKg} settled on the platform: tare pending, the beer unknown (a scale
     * cannot tell one beer from another) and the last beer's sg kept until the keg is assigned. No
     * keg is taken for full (issue 12: a part-full keg read 100 % until assigned): its level is an
     * estimate from its weight, its type's shell ({@link KegProfile#estimatedShellKg}) and its capacity at that
     * gravity. Its type is the replaced keg's unless the weight is impossible for it (see {@link KegType#mostPlausible}).
     */
    public void swappedIn(double weightKg, long atMs) {
        KegType type = KegType.mostPlausible(weightKg, keg.sg(), keg.kegType(), shellToleranceKg);
        replaced = keg.kegId() != null ? keg : null;
        keg = new KegProfile(null, null, type, keg.sg(), Tare.PENDING, weightKg);
        setDownAtMs = atMs;
    }

    /**
     * The keg was assigned (by the cloud or the technician) with its beer ({@code beerId}, null when
     * not named). The keg swapped in (no keg_id yet) or the same keg_id again keeps what was measured
     * of it; another keg_id over an assigned keg (a swap the scale did not see: the new keg weighed what
     * the old one did, or a correction) starts with nothing measured, as the old keg's tare is not its,
     * and with {@code nowKg} at {@code nowMs} (NaN: not known) as its weight seen on the platform.
     *
     * <p>{@code full}: whoever assigned it says it is a new keg, full from the brewery. Its weight when set down
     * (the keg swapped in; for another keg, or one whose set-down weight is not known, {@code nowKg}) is then
     * recorded as its full_ref (tare_status full_set): the level counts down from a weight of this keg, and the
     * scale claims it. Without that word nothing is claimed from a weight, however near a full keg it comes: a
     * part-full keg with a heavy shell weighs what a full one with a light shell does (issue 12: a keg set down
     * 97.9 % full was taken for full, its level claimed 2.1 % high); its level is an estimate (tare_status
     * pending, see {@link KegProfile#estimatedShellKg}). A measured tare of the same keg is kept either way; so is the
     * tare of the keg the last swap replaced, when the keg swapped in is assigned that keg's keg_id, not as new and full,
     * with nothing measured of it yet (the same keg set back after the platform stood empty longer than a lift takes).
     *
     * @throws PipelineException       {@code full} with no weight of the keg known; nothing changes then
     * @throws ImplausibleTareException {@code full} with a weight that a full keg of this type and gravity cannot
     *                                  have (its shell would lie outside the type's range); nothing changes then
     */
    public void assign(String kegId, String beerId, KegType type, double sg, double nowKg, long nowMs, boolean full) {
        boolean swappedIn = keg.kegId() == null;
        boolean sameKeg = swappedIn || keg.kegId().equals(kegId);
        boolean setBack = swappedIn && !full && replaced != null && replaced.kegId().equals(kegId)
                && keg.tare().equals(Tare.PENDING); // a keg said to be new and full is no keg set back
        Tare tare = setBack ? replaced.tare() : sameKeg ? keg.tare() : Tare.PENDING;
        Double seen = sameKeg && keg.setDownKg() != null ? keg.setDownKg() : Double.isNaN(nowKg) ? null : nowKg;
        // the set-down time is known only for a keg swapped in since this start (a restored profile keeps the weight)
        long seenAtMs = sameKeg && keg.setDownKg() != null && swappedIn && setDownAtMs > 0 ? setDownAtMs : nowMs;
        if (full && tare.fullRefKg() == null) {
            tare = tare.withFull(requireFullKeg(seen, type, sg), seenAtMs);
        }
        keg = new KegProfile(kegId, beerId, type, sg, tare, seen);
    }

    /** The keg's weight as a full keg of {@code type} at {@code sg}: its shell must then be one of that type. */
    private double requireFullKeg(Double kg, KegType type, double sg) {
        if (kg == null) {
            throw new PipelineException("full", true, "needs a settled weight of the keg to take as its full weight, and "
                    + "none is known; assign it full once it stands still on the platform");
        }
        double shell = kg - type.beerWhenFullKg(sg);
        if (Math.abs(shell - type.emptyKg()) > shellToleranceKg) {
            throw new ImplausibleTareException("full_ref", kg, String.format(Locale.ROOT,
                    "a full %s at sg %.3f weighs %.2f..%.2f kg (its shell %.2f..%.2f kg); this keg would have a %.2f kg "
                            + "shell: is it full, of that type and the gravity right?", type.wireName(), sg,
                    type.emptyKg() - shellToleranceKg + type.beerWhenFullKg(sg),
                    type.emptyKg() + shellToleranceKg + type.beerWhenFullKg(sg),
                    type.emptyKg() - shellToleranceKg, type.emptyKg() + shellToleranceKg, shell));
        }
        return kg;
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
        setDownAtMs = 0;
        replaced = null;
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
