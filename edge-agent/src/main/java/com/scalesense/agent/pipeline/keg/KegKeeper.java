package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;

/**
 * The keg on the tap through swaps, assignments and tares. Every change builds the new
 * {@link KegProfile} first (which validates it) and only then replaces the old one, so a
 * refused change leaves the keg as it was.
 */
public final class KegKeeper {

    /**
     * A swapped-in keg weighing this fraction of its type's reference beer less than a full one
     * was not full. A full keg's true weight differs from seed 000's reference by a few percent
     * (a half barrel of sg 1.0 holds 129.4 lbs of beer against the table's 132.5), so 10 %.
     */
    public static final double PARTIAL_KEG_FRACTION = 0.10;
    /** A keg must outweigh its type's empty reference by this much for its weight to count as full, kg. */
    private static final double MIN_BEER_FOR_FULL_KG = 1.0;

    private KegProfile keg;
    /** The full_ref in use was taken from a swapped-in keg's weight, not measured by a technician. */
    private boolean fullRefAssumed;

    public KegKeeper(KegProfile initial) {
        this.keg = initial;
    }

    public KegProfile profile() {
        return keg;
    }

    /**
     * A new keg of {@code weightKg} settled on the platform: tare pending, the beer unknown (a scale
     * cannot tell one beer from another) and the last beer's sg kept until the keg is assigned. With
     * {@code assumeFull} its type is guessed from the nearest reference full weight and that weight
     * becomes its full_ref.
     */
    public void swappedIn(double weightKg, long atMs, boolean assumeFull) {
        KegType type = assumeFull ? KegType.nearestFull(weightKg, keg.kegType()) : keg.kegType();
        boolean full = assumeFull && weightKg > type.emptyKg() + MIN_BEER_FOR_FULL_KG;
        keg = new KegProfile(null, null, type, keg.sg(), full ? Tare.PENDING.withFull(weightKg, atMs) : Tare.PENDING);
        fullRefAssumed = full;
    }

    /**
     * The keg was assigned (by the cloud or the technician) with its beer ({@code beerId}, null when
     * not named); keeps what was measured of it, except a full weight taken for granted at the swap
     * when the assigned type says the keg cannot have been full (a partly drawn keg moved from
     * another tap): then the reference full weight stands.
     */
    public void assign(String kegId, String beerId, KegType type, double sg) {
        Tare tare = keg.tare();
        double shortBy = tare.fullRefKg() == null ? 0 : type.fullKg() - tare.fullRefKg();
        boolean notFull = fullRefAssumed && shortBy > PARTIAL_KEG_FRACTION * (type.fullKg() - type.emptyKg());
        if (notFull) {
            tare = tare.emptyOffsetKg() == null ? Tare.PENDING : new Tare(tare.emptyOffsetKg(), null, tare.taredAtMs());
        }
        keg = new KegProfile(kegId, beerId, type, sg, tare);
        fullRefAssumed = fullRefAssumed && !notFull;
    }

    /** Records {@code kg} as the keg's {@code "empty"} or {@code "full"} weight; all or nothing. */
    public Tare tare(String kind, double kg, long atMs) {
        Tare next = switch (kind) {
            case "empty" -> keg.tare().withEmpty(kg, atMs);
            case "full" -> keg.tare().withFull(kg, atMs);
            default -> throw new PipelineException("kind", kind, "must be empty or full");
        };
        keg = keg.withTare(next);
        fullRefAssumed = fullRefAssumed && "empty".equals(kind);
        return next;
    }

    /** Replaces the profile wholesale (e.g. restored from the store at start-up). */
    public void restore(KegProfile profile) {
        keg = profile;
        fullRefAssumed = false;
    }
}
