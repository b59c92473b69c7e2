package com.scalesense.hal.sim;

import static com.scalesense.hal.sim.SimulationConfigException.require;
import static com.scalesense.hal.sim.SimulationConfigException.requireNonNegative;

/**
 * How often and how hard a real bar disturbs the scale, for {@link ScenarioGenerator} (issue 12,
 * "The simulator and the benchmark learn the real bar"). Every default is an assumption about a
 * busy bar, chosen before the pipeline was scored against it and not tuned after. {@link #none()}
 * keeps the older, undisturbed lives reachable (their figures reproduce bit for bit).
 *
 * @param knocksPerHour        knocks and leans per hour while a keg stands
 * @param minKnockS            shortest knock, s
 * @param maxKnockS            longest knock, s
 * @param minKnockKg           lightest knock, kg (sign drawn: a push adds, a lean that lifts removes)
 * @param maxKnockKg           heaviest knock, kg
 * @param leftOnKegPerDay      things left on a keg per day while a keg stands
 * @param minLeftS             shortest stay of a thing left on a keg, s
 * @param maxLeftS             longest stay, s
 * @param minLeftKg            lightest thing left on a keg, kg
 * @param maxLeftKg            heaviest, kg
 * @param liftsPerDay          the same keg lifted and set back, per day while a keg stands
 * @param minLiftS             shortest time the keg is off, s
 * @param maxLiftS             longest, s
 * @param objectOnEmptyChance  chance that something is set on the platform while it stands empty
 * @param partFullChance       chance that a keg set down is part-full (fill uniform from {@code minFill})
 * @param minFill              least fill of a part-full keg, fraction of full
 * @param minSg                lightest beer, specific gravity (NaN: keep the kegs' own gravities)
 * @param maxSg                heaviest beer
 * @param shapedChance         chance that a knock, lean, thing left on a keg or object on the empty platform
 *                             comes on and goes over time rather than in a step (its shape: {@link LoadShape};
 *                             the kinds {@code *_ramped}, {@code lean_easing}, {@code lean_rocking}); 0 keeps
 *                             every load a step, the bar of rounds one to six
 */
public record BarDisturbances(double knocksPerHour, double minKnockS, double maxKnockS, double minKnockKg,
                              double maxKnockKg, double leftOnKegPerDay, double minLeftS, double maxLeftS,
                              double minLeftKg, double maxLeftKg, double liftsPerDay, double minLiftS,
                              double maxLiftS, double objectOnEmptyChance, double partFullChance, double minFill,
                              double minSg, double maxSg, double shapedChance) {

    public BarDisturbances {
        requireNonNegative(knocksPerHour, "knocksPerHour");
        requireRange(minKnockS, maxKnockS, "minKnockS", "maxKnockS");
        requireRange(minKnockKg, maxKnockKg, "minKnockKg", "maxKnockKg");
        requireNonNegative(leftOnKegPerDay, "leftOnKegPerDay");
        requireRange(minLeftS, maxLeftS, "minLeftS", "maxLeftS");
        requireRange(minLeftKg, maxLeftKg, "minLeftKg", "maxLeftKg");
        requireNonNegative(liftsPerDay, "liftsPerDay");
        requireRange(minLiftS, maxLiftS, "minLiftS", "maxLiftS");
        require(objectOnEmptyChance >= 0 && objectOnEmptyChance <= 1, "objectOnEmptyChance", objectOnEmptyChance,
                "must be within [0, 1]");
        require(partFullChance >= 0 && partFullChance <= 1, "partFullChance", partFullChance, "must be within [0, 1]");
        require(minFill > 0 && minFill <= 1, "minFill", minFill, "must be within (0, 1]");
        require(Double.isNaN(minSg) == Double.isNaN(maxSg), "maxSg", maxSg, "must be NaN exactly when minSg is");
        require(Double.isNaN(minSg) || (minSg >= 0.9 && maxSg >= minSg && maxSg <= 1.2), "minSg..maxSg",
                minSg + ".." + maxSg, "must be an ordered range within [0.9, 1.2]");
        require(shapedChance >= 0 && shapedChance <= 1, "shapedChance", shapedChance, "must be within [0, 1]");
    }

    private static void requireRange(double min, double max, String minName, String maxName) {
        require(Double.isFinite(min) && min > 0, minName, min, "must be > 0");
        require(Double.isFinite(max) && max >= min, maxName, max, "must be >= " + minName + " " + min);
    }

    /** No disturbance at all, each keg full and of its own gravity: the lives before issue 12. */
    public static BarDisturbances none() {
        return new BarDisturbances(0, 0.5, 30, 0.2, 15, 0, 180, 10_800, 0.3, 15, 0, 10, 120, 0, 0, 0.05,
                Double.NaN, Double.NaN, 0);
    }

    /**
     * Issue 12's real bar: 2 knocks or leans an hour while a keg stands (0.5-30 s, 0.2-15 kg, up or
     * down, log-uniform so short and light ones are the most common); 2 things a day left on a keg for
     * 3 min to 3 h (0.3-15 kg: a glass to a crate of bottles); the keg lifted and set back once a day
     * for 10 s to 2 min; something set on half the empty platforms; a quarter of kegs set down
     * part-full (5-100 %); beers from sg 1.000 to 1.060; three loads in four come on and go over time
     * (seventh round: a real hand, knee or crate takes 0.1-1 s, a lean may ease off or rock; the rest
     * are steps as before).
     */
    public static BarDisturbances realBar() {
        return new BarDisturbances(2, 0.5, 30, 0.2, 15, 2, 180, 10_800, 0.3, 15, 1, 10, 120, 0.5, 0.25, 0.05,
                1.000, 1.060, 0.75);
    }

    /** {@link #realBar()} with every load a step: the bar of rounds one to six, event for event. */
    public static BarDisturbances realBarOfSteps() {
        return realBar().withShapedChance(0);
    }

    /** This bar with {@code chance} of a load being shaped; every other draw is the same. */
    public BarDisturbances withShapedChance(double chance) {
        return new BarDisturbances(knocksPerHour, minKnockS, maxKnockS, minKnockKg, maxKnockKg, leftOnKegPerDay,
                minLeftS, maxLeftS, minLeftKg, maxLeftKg, liftsPerDay, minLiftS, maxLiftS, objectOnEmptyChance,
                partFullChance, minFill, minSg, maxSg, chance);
    }

    /** True when this draws nothing: the generator then leaves the life exactly as before. */
    public boolean isNone() {
        return knocksPerHour == 0 && leftOnKegPerDay == 0 && liftsPerDay == 0 && objectOnEmptyChance == 0
                && partFullChance == 0 && Double.isNaN(minSg);
    }
}
