package com.scalesense.hal.sim;

import com.scalesense.hal.SampleStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes the ground truth of one keg life: an empty platform, a full keg set down, rounds of pours
 * following the hour-of-day curve of a {@link TrafficProfile}, possibly a swap to another keg (the
 * platform empty for a while), until the keg runs dry, then a quiet tail.
 *
 * <p>Deterministic for a given {@link Random} seed. The bar's day starts at a random hour between
 * 11 and 18 so lives begin at different points of the curve.
 */
public final class ScenarioGenerator {

    private static final long NS = 1_000_000_000L;
    /** The platform is empty this long before the first keg, seconds. */
    private static final double LEAD_IN_S = 120;
    /** After the keg runs dry (or is left standing), the life goes on this long, seconds. */
    private static final double TAIL_S = 1800;

    private final Random random;
    private final TrafficProfile traffic;
    private final BarDisturbances bar;
    private final Random barRandom;

    /** An undisturbed bar ({@link BarDisturbances#none()}): the lives as they were before issue 12. */
    public ScenarioGenerator(Random random, TrafficProfile traffic) {
        this(random, traffic, BarDisturbances.none(), new Random(0));
    }

    /**
     * @param random    draws the kegs, the pours and the faults
     * @param bar       the disturbances of a real bar
     * @param barRandom draws the disturbances, the part-full kegs and the beers' gravities; a stream
     *                  of its own so the same seed gives the same life, and an undisturbed bar draws
     *                  nothing from it
     */
    public ScenarioGenerator(Random random, TrafficProfile traffic, BarDisturbances bar, Random barRandom) {
        this.random = random;
        this.traffic = traffic;
        this.bar = bar;
        this.barRandom = barRandom;
    }

    /**
     * @param kegChoices the kegs this bar uses; each new keg is drawn from them uniformly
     * @param temperature the cooler's temperature over the life
     */
    public Scenario generate(List<KegSpec> kegChoices, TemperatureProfile temperature) {
        SimulationConfigException.require(!kegChoices.isEmpty(), "kegChoices", kegChoices, "must not be empty");
        double startHour = 11 + random.nextDouble() * 7;
        double limitS = traffic.maxDays() * 86_400;
        List<KegPeriod> periods = new ArrayList<>();
        double t = LEAD_IN_S;
        // true once no (further) early swap is due: either this life has none or it happened
        boolean noSwapDue = !(random.nextDouble() < traffic.swapChance());
        double swapBelow = 0.2 + random.nextDouble() * 0.6; // swap when this fraction is left
        List<double[]> empties = new ArrayList<>(); // [from, to) s the platform stands empty
        empties.add(new double[] {0, LEAD_IN_S});
        KegSpec keg = drawKeg(kegChoices);
        double placedS = t;
        double beer = initialBeerKg(keg);
        double initial = beer;
        List<TruePour> pours = new ArrayList<>();
        t += 60; // nobody pours in the first minute after tapping
        while (t < limitS) {
            t = nextRoundStart(t, startHour);
            if (t >= limitS) {
                break;
            }
            int size = roundSize(startHour, t);
            for (int i = 0; i < size && beer > 0; i++) {
                double oz = traffic.minPourOz() + random.nextDouble() * (traffic.maxPourOz() - traffic.minPourOz());
                double kg = Math.min(beer, oz * TruePour.ML_PER_OZ / 1000 * keg.sg());
                double ml = kg / keg.sg() * 1000;
                double flow = clamp(traffic.flowOzPerS() * (1 + 0.15 * random.nextGaussian()), 0.5, 2 * traffic.flowOzPerS());
                double durS = ml / TruePour.ML_PER_OZ / flow;
                pours.add(new TruePour(nanos(t), nanos(t + durS), ml, kg));
                beer -= kg;
                t += durS + traffic.minGapS() + random.nextDouble() * (traffic.maxGapS() - traffic.minGapS());
            }
            if (beer <= 1e-9) {
                break;
            }
            if (!noSwapDue && beer < swapBelow * keg.fullBeerKg()) {
                double removedS = t + 30;
                periods.add(new KegPeriod(nanos(placedS), nanos(removedS), keg, initial, pours));
                noSwapDue = true;
                t = removedS + traffic.minAbsentS() + random.nextDouble() * (traffic.maxAbsentS() - traffic.minAbsentS());
                empties.add(new double[] {removedS, t});
                keg = drawKeg(kegChoices);
                placedS = t;
                beer = initialBeerKg(keg);
                initial = beer;
                pours = new ArrayList<>();
                t += 60;
            }
        }
        double endS = Math.min(limitS, t) + TAIL_S;
        periods.add(new KegPeriod(nanos(placedS), Long.MAX_VALUE, keg, initial, pours));
        List<FaultWindow> faults = faults(endS);
        List<Disturbance> disturbances = bar.isNone() ? List.of()
                : new BarLife(bar, barRandom, periods, empties, nanos(endS), lightestShellKg(kegChoices)).draw();
        return new Scenario(periods, faults, disturbances, temperature, nanos(endS));
    }

    private KegSpec drawKeg(List<KegSpec> choices) {
        KegSpec spec = choices.get(random.nextInt(choices.size()));
        double shell = spec.shellKg() + (random.nextDouble() * 2 - 1) * traffic.shellSpreadKg();
        KegSpec keg = spec.withShellKg(shell);
        if (!Double.isNaN(bar.minSg())) {
            keg = keg.withSg(bar.minSg() + barRandom.nextDouble() * (bar.maxSg() - bar.minSg()));
        }
        return keg;
    }

    /** Full, or with {@link BarDisturbances#partFullChance()} part-full (moved from another tap). */
    private double initialBeerKg(KegSpec keg) {
        if (bar.partFullChance() > 0 && barRandom.nextDouble() < bar.partFullChance()) {
            return keg.fullBeerKg() * (bar.minFill() + barRandom.nextDouble() * (1 - bar.minFill()));
        }
        return keg.fullBeerKg();
    }

    private double lightestShellKg(List<KegSpec> choices) {
        return choices.stream().mapToDouble(KegSpec::shellKg).min().orElseThrow() - traffic.shellSpreadKg();
    }

    /** Poisson arrivals whose rate follows the hourly curve, drawn by thinning. */
    private double nextRoundStart(double fromS, double startHour) {
        double peak = traffic.peakRoundsPerHour();
        double t = fromS;
        for (int tries = 0; tries < 100_000; tries++) {
            t += -Math.log(1 - random.nextDouble()) / peak * 3600;
            if (random.nextDouble() * peak < traffic.roundsAt(hourOfDay(startHour, t))) {
                return t;
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** Busier hours bring bigger rounds: up to maxRoundSize at the peak, 1-2 pours when quiet. */
    private int roundSize(double startHour, double t) {
        double busy = traffic.roundsAt(hourOfDay(startHour, t)) / traffic.peakRoundsPerHour();
        int max = Math.max(1, (int) Math.round(busy * traffic.maxRoundSize()));
        return 1 + random.nextInt(Math.max(2, max));
    }

    private List<FaultWindow> faults(double endS) {
        List<FaultWindow> faults = new ArrayList<>();
        double t = LEAD_IN_S;
        double meanGapS = traffic.faultsPerDay() > 0 ? 86_400 / traffic.faultsPerDay() : Double.POSITIVE_INFINITY;
        while (true) {
            t += -Math.log(1 - random.nextDouble()) * meanGapS;
            if (!(t < endS)) {
                return faults;
            }
            double lenS = 2 + random.nextDouble() * 58; // a wire wiggled loose for 2-60 s
            faults.add(new FaultWindow(nanos(t), nanos(t + lenS), SampleStatus.DISCONNECTED));
            t += lenS;
        }
    }

    private static int hourOfDay(double startHour, double t) {
        return (int) Math.floor(startHour + t / 3600) % 24;
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * NS);
    }
}
