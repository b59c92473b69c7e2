package com.scalesense.demo.scale;

import com.scalesense.hal.sim.KegPeriod;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.TemperatureProfile;
import com.scalesense.hal.sim.TruePour;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes one tap's evening as {@code hal.sim} ground truth: the keg stands on the scale all
 * evening at its starting level, and pours arrive as a Poisson stream whose rate rises to a peak
 * mid-evening and tails off. A keg that runs dry is simply not poured from any more.
 */
public final class PourScript {

    /** Pounds to kilograms (exact by definition). */
    static final double KG_PER_LB = 0.45359237;
    private static final double ML_PER_OZ = TruePour.ML_PER_OZ;
    /** A balanced draught line runs about 2 fl oz per second. */
    private static final double FLOW_OZ_PER_S = 2.0;
    private static final double MIN_POUR_OZ = 10;
    private static final double MAX_POUR_OZ = 20;
    /** A bartender needs a few seconds between two glasses; the scale needs ~2 s to settle. */
    private static final double MIN_GAP_S = 6;
    /** Leave the platform quiet for the first minute so the scale settles on the keg. */
    private static final double QUIET_START_S = 60;
    /** The cooler holds about 3 °C. */
    private static final double COOLER_C = 3.0;
    private static final long NANOS_PER_S = 1_000_000_000L;
    /** Highest relative pour rate of the evening (see {@link #shape}). */
    private static final double PEAK = 1.5;

    private PourScript() {
    }

    /**
     * @param durationS length of the evening, simulated seconds
     */
    public static Scenario evening(TapPlan tap, long durationS, Random random) {
        KegSpec keg = new KegSpec(tap.kegType().wireName(), tap.kegType().emptyLbs() * KG_PER_LB,
                tap.kegType().gallons(), tap.sg());
        double beerKg = keg.fullBeerKg() * tap.startLevelPct() / 100;
        double left = beerKg;
        List<TruePour> pours = new ArrayList<>();
        double t = QUIET_START_S;
        double meanGapS = 3600 / tap.poursPerHour();
        while (true) {
            // Thinning: draw at the peak rate, keep a draw with probability rate(t)/peak.
            t += -Math.log(1 - random.nextDouble()) * meanGapS / PEAK;
            if (t >= durationS - 30) {
                break;
            }
            if (random.nextDouble() > shape(t / durationS) / PEAK) {
                continue;
            }
            double oz = MIN_POUR_OZ + random.nextDouble() * (MAX_POUR_OZ - MIN_POUR_OZ);
            double kg = oz * ML_PER_OZ / 1000 * tap.sg();
            if (kg > left) {
                break; // dry: the tap sputters and the bartender stops pouring
            }
            double seconds = oz / FLOW_OZ_PER_S;
            long start = (long) (t * NANOS_PER_S);
            long end = start + (long) (seconds * NANOS_PER_S);
            pours.add(new TruePour(start, end, oz * ML_PER_OZ, kg));
            left -= kg;
            t += seconds + MIN_GAP_S;
        }
        return new Scenario(List.of(new KegPeriod(0, Long.MAX_VALUE, keg, beerKg, pours)), List.of(),
                TemperatureProfile.constant(COOLER_C), durationS * NANOS_PER_S);
    }

    /** Relative pour rate at fraction {@code f} of the evening: 0.6 at opening, 1.5 at the peak, 0.7 at close. */
    static double shape(double f) {
        if (f < 0.4) {
            return 0.6 + (PEAK - 0.6) * f / 0.4;
        }
        if (f < 0.6) {
            return PEAK;
        }
        return PEAK - (PEAK - 0.7) * (f - 0.6) / 0.4;
    }
}
