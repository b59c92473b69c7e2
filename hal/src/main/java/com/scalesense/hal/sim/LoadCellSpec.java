package com.scalesense.hal.sim;

import com.scalesense.hal.hx711.Hx711Datasheet;
import static com.scalesense.hal.sim.SimulationConfigException.requireFinite;
import static com.scalesense.hal.sim.SimulationConfigException.requireNonNegative;
import static com.scalesense.hal.sim.SimulationConfigException.requirePositive;

/**
 * The load cell and its analog front end, as the simulator models them.
 *
 * @param capacityKg          rated capacity, kg
 * @param ratedOutputMvPerV   output at capacity per volt of excitation, mV/V (typ. 2 mV/V)
 * @param excitationV         bridge excitation, V: the HX711's AVDD, which also feeds the bridge
 * @param deadLoadKg          platform plate resting on the cell, kg
 * @param zeroBalanceFraction bridge output with no load, fraction of full scale (signed)
 * @param zeroTcPerC          zero shift per °C, fraction of full scale
 * @param spanTcPerC          sensitivity change per °C, fraction of reading
 * @param creepFraction       creep at constant load after a long time, fraction of the load
 * @param creepTauS           time constant of creep, seconds
 */
public record LoadCellSpec(double capacityKg, double ratedOutputMvPerV, double excitationV,
                           double deadLoadKg, double zeroBalanceFraction, double zeroTcPerC,
                           double spanTcPerC, double creepFraction, double creepTauS) {

    public LoadCellSpec {
        requirePositive(capacityKg, "capacityKg");
        requirePositive(ratedOutputMvPerV, "ratedOutputMvPerV");
        requirePositive(excitationV, "excitationV");
        requireNonNegative(deadLoadKg, "deadLoadKg");
        requireFinite(zeroBalanceFraction, "zeroBalanceFraction");
        requireFinite(zeroTcPerC, "zeroTcPerC");
        requireFinite(spanTcPerC, "spanTcPerC");
        requireNonNegative(creepFraction, "creepFraction");
        requirePositive(creepTauS, "creepTauS");
    }

    /**
     * A 200 kg single-point platform cell, 2 mV/V, on a common HX711 board. Where each number comes from:
     * excitation 4.3 V = AVDD = VBG·(R1+R2)/R1 with VBG 1.25 V and the usual 20 kΩ/8.2 kΩ divider
     * (datasheet p.4 "Power Supply Options"); zero balance 1 % FS, zero and span temperature effect
     * 0.02 %/10 °C each and creep 0.05 % are typical figures of C3-class cell datasheets (assumptions,
     * not measured on our cells); 5 kg platform plate (assumption).
     */
    public static LoadCellSpec typical() {
        return new LoadCellSpec(200, 2.0, 4.3, 5.0, 0.01, 2e-5, 2e-5, 5e-4, 6 * 3600);
    }

    /** Bridge output at full capacity, mV. */
    public double fullScaleMv() {
        return ratedOutputMvPerV * excitationV;
    }

    /** ADC counts per kg on the cell at the reference temperature. */
    public double countsPerKg() {
        return fullScaleMv() / capacityKg * Hx711Datasheet.COUNTS_PER_MV;
    }

    /** ADC counts the unloaded bridge reads at the reference temperature. */
    public double zeroCounts() {
        return zeroBalanceFraction * fullScaleMv() * Hx711Datasheet.COUNTS_PER_MV;
    }
}
