package com.scalesense.hal.sim;

import static com.scalesense.hal.sim.SimulationConfigException.require;
import static com.scalesense.hal.sim.SimulationConfigException.requireNonNegative;
import static com.scalesense.hal.sim.SimulationConfigException.requirePositive;

/**
 * How a bar draws beer and handles kegs, for {@link ScenarioGenerator}. Every default is an
 * assumption about a busy bar, chosen before the pipeline was scored and not tuned after.
 *
 * @param roundsPerHour    24 values: rounds of pours started per hour, by hour of the bar's local day
 * @param maxRoundSize     most pours in one round at the busiest hour (a round is one order)
 * @param minPourOz        smallest pour, US fl oz
 * @param maxPourOz        largest pour, US fl oz
 * @param flowOzPerS       mean flow of an open tap, fl oz/s (~2 oz/s for a balanced draught line)
 * @param minGapS          shortest pause between two pours of a round, seconds
 * @param maxGapS          longest pause between two pours of a round, seconds
 * @param swapChance       probability that a keg is swapped out before it runs dry
 * @param minAbsentS       shortest time the platform stays empty during a swap, seconds
 * @param maxAbsentS       longest time the platform stays empty during a swap, seconds
 * @param shellSpreadKg    real shells differ from the reference empty weight by up to ± this, kg
 * @param faultsPerDay     mean count of sensor faults (loose wire) per simulated day
 * @param maxDays          a life ends after this many days even if the keg is not dry
 */
public record TrafficProfile(double[] roundsPerHour, int maxRoundSize, double minPourOz, double maxPourOz,
                             double flowOzPerS, double minGapS, double maxGapS, double swapChance,
                             double minAbsentS, double maxAbsentS, double shellSpreadKg,
                             double faultsPerDay, double maxDays) {

    public TrafficProfile {
        require(roundsPerHour != null && roundsPerHour.length == 24, "roundsPerHour",
                roundsPerHour == null ? null : roundsPerHour.length, "must have 24 hourly values");
        roundsPerHour = roundsPerHour.clone();
        for (double r : roundsPerHour) {
            requireNonNegative(r, "roundsPerHour[]");
        }
        require(maxRoundSize >= 1, "maxRoundSize", maxRoundSize, "must be >= 1");
        requirePositive(minPourOz, "minPourOz");
        require(maxPourOz >= minPourOz, "maxPourOz", maxPourOz, "must be >= minPourOz " + minPourOz);
        requirePositive(flowOzPerS, "flowOzPerS");
        requirePositive(minGapS, "minGapS");
        require(maxGapS >= minGapS, "maxGapS", maxGapS, "must be >= minGapS " + minGapS);
        require(swapChance >= 0 && swapChance <= 1, "swapChance", swapChance, "must be within [0, 1]");
        requirePositive(minAbsentS, "minAbsentS");
        require(maxAbsentS >= minAbsentS, "maxAbsentS", maxAbsentS, "must be >= minAbsentS " + minAbsentS);
        requireNonNegative(shellSpreadKg, "shellSpreadKg");
        requireNonNegative(faultsPerDay, "faultsPerDay");
        requirePositive(maxDays, "maxDays");
    }

    /**
     * Dead night (02-11 h, 0.1 rounds/h), quiet afternoon (11-16 h, 2/h), busy evening (17-23 h,
     * 8/h, about 20 pours/h from this tap); rounds of up to 4 pours of 8-24 oz at ~2 oz/s, 3-15 s apart; a quarter of kegs swapped early with the platform
     * empty 20 s to 10 min; shells ±0.1 kg around the reference; one sensor fault every two days.
     */
    public static TrafficProfile busyBar() {
        double[] rounds = new double[24];
        for (int h = 0; h < 24; h++) {
            rounds[h] = h < 2 ? 4 : h < 11 ? 0.1 : h < 16 ? 2 : h < 17 ? 5 : h < 23 ? 8 : 6;
        }
        return new TrafficProfile(rounds, 4, 8, 24, 2.0, 3, 15, 0.25, 20, 600, 0.1, 0.5, 4);
    }

    /** The same bar with shells spread ± {@code kg} around the reference (0: every shell exact). */
    public TrafficProfile withShellSpreadKg(double kg) {
        return new TrafficProfile(roundsPerHour, maxRoundSize, minPourOz, maxPourOz, flowOzPerS, minGapS, maxGapS,
                swapChance, minAbsentS, maxAbsentS, kg, faultsPerDay, maxDays);
    }

    @Override
    public double[] roundsPerHour() {
        return roundsPerHour.clone();
    }

    double roundsAt(int hourOfDay) {
        return roundsPerHour[hourOfDay];
    }

    double peakRoundsPerHour() {
        double max = 0;
        for (double r : roundsPerHour) {
            max = Math.max(max, r);
        }
        return max;
    }
}
