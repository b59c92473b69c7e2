package com.scalesense.hal.sim;

import static com.scalesense.hal.sim.SimulationConfigException.require;
import static com.scalesense.hal.sim.SimulationConfigException.requirePositive;

/**
 * The physical keg the simulator puts on the platform: its steel shell, how much beer it holds
 * and how dense that beer is. This is ground truth, not what the scale believes: the scale only
 * knows seed 000's reference weights, which differ from any real keg.
 *
 * @param kegType        seed 000 keg type name, e.g. {@code half_barrel}
 * @param shellKg        weight of the empty keg, kg
 * @param capacityGallons beer a full keg holds, US gallons (seed 000: 15.5, 7.75, 5.17)
 * @param sg             specific gravity of the beer (seed 000: 1.007 Coors Light … 1.014 Guinness)
 */
public record KegSpec(String kegType, double shellKg, double capacityGallons, double sg) {

    /** Litres in one US gallon (exact by definition). */
    public static final double LITRES_PER_GALLON = 3.785411784;

    public KegSpec {
        require(kegType != null && !kegType.isBlank(), "kegType", kegType, "must be a keg type name");
        requirePositive(shellKg, "shellKg");
        requirePositive(capacityGallons, "capacityGallons");
        // Beers of seed 000 span 1.007-1.014; anything outside 0.9-1.2 is a typo, not a beer.
        require(Double.isFinite(sg) && sg >= 0.9 && sg <= 1.2, "sg", sg, "must be within [0.9, 1.2]");
    }

    /** Beer in a full keg, kg: capacity in litres times specific gravity (1 L of water = 1 kg). */
    public double fullBeerKg() {
        return capacityGallons * LITRES_PER_GALLON * sg;
    }

    /** Gross weight of a full keg, kg. */
    public double fullGrossKg() {
        return shellKg + fullBeerKg();
    }

    /** Same keg with another shell weight (real shells of one type differ by a few hundred grams). */
    public KegSpec withShellKg(double newShellKg) {
        return new KegSpec(kegType, newShellKg, capacityGallons, sg);
    }

    /** Same keg filled with another beer. */
    public KegSpec withSg(double newSg) {
        return new KegSpec(kegType, shellKg, capacityGallons, newSg);
    }
}
