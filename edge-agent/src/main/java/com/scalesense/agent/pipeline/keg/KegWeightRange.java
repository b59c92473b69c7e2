package com.scalesense.agent.pipeline.keg;

/**
 * What a keg may weigh when the scale cannot tell one number, kg: from {@code lightestKg} to {@code heaviestKg}
 * (a load held on the keg that may have eased off with a pour under it, beer that may have left unseen). Stating the
 * middle is off by at most {@link #halfWidthKg}, whichever end is true (issue 12, tenth round: a press that may have
 * eased off is either all gone or all still on, so the truth is one end or the other).
 *
 * @param lightestKg the least the keg may weigh, kg
 * @param heaviestKg the most the keg may weigh, kg (not less than {@code lightestKg}; NaN when unknown)
 */
public record KegWeightRange(double lightestKg, double heaviestKg) {

    /**
     * This range within what {@code keg} can physically weigh: never lighter than its shell, never heavier than full
     * (its level 0 to 100 %, the same frame as {@link KegProfile#levelAt}, which clamps the level there too). A
     * range wholly outside that is the one weight at its edge.
     */
    public KegWeightRange within(KegProfile keg) {
        double shell = keg.emptyKg();
        double full = shell + keg.beerWhenFullKg();
        return new KegWeightRange(Math.min(full, Math.max(shell, lightestKg)), Math.max(shell, Math.min(full, heaviestKg)));
    }

    /** The middle of the range, kg: the weight off by least from either end. */
    public double middleKg() {
        return (lightestKg + heaviestKg) / 2;
    }

    /** The most {@link #middleKg} can be off from the keg's true weight, kg (NaN when the range is unknown). */
    public double halfWidthKg() {
        return (heaviestKg - lightestKg) / 2;
    }
}
