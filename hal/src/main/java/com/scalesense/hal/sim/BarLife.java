package com.scalesense.hal.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Draws the disturbances of one keg life (issue 12) over kegs and pours already drawn: part-full
 * kegs, the keg lifted and set back, things left on a keg, knocks and leans, objects on the empty
 * platform. Each kind is drawn by its own Poisson process or chance from {@link BarDisturbances}.
 */
final class BarLife {

    private static final long NS = 1_000_000_000L;
    /** Nobody knocks or lifts a keg in its first and last two minutes on the platform (tapping it). */
    private static final double MARGIN_S = 120;
    /** A lift keeps this far from any pour: the coupler is off while the keg is lifted, s. */
    private static final double LIFT_CLEAR_S = 5;
    /** Standard calibration weights (OIML M1 class) a technician sets on the platform, kg. */
    private static final double[] CALIBRATION_WEIGHTS_KG = {1, 2, 5};
    /** An object on the empty platform is this much lighter than the lightest keg shell, kg, so it fits no keg type. */
    private static final double BELOW_LIGHTEST_SHELL_KG = 1.0;

    private final BarDisturbances bar;
    private final Random random;
    private final List<KegPeriod> periods;
    private final List<double[]> empties;
    private final long endNanos;
    private final double lightestShellKg;
    private final Scenario undisturbed;

    BarLife(BarDisturbances bar, Random random, List<KegPeriod> periods, List<double[]> empties, long endNanos,
            double lightestShellKg) {
        this.bar = bar;
        this.random = random;
        this.periods = periods;
        this.empties = empties;
        this.endNanos = endNanos;
        this.lightestShellKg = lightestShellKg;
        this.undisturbed = new Scenario(periods, List.of(), TemperatureProfile.constant(4), endNanos);
    }

    List<Disturbance> draw() {
        List<Disturbance> out = new ArrayList<>();
        for (KegPeriod p : periods) {
            long until = Math.min(p.removedNanos(), endNanos);
            if (p.initialBeerKg() < p.keg().fullBeerKg() - 1e-9) {
                out.add(new Disturbance(Disturbance.Kind.PART_FULL_KEG, p.placedNanos(), until, p.initialBeerKg()));
            }
            double from = p.placedNanos() / (double) NS + MARGIN_S;
            double to = until / (double) NS - MARGIN_S;
            if (to <= from) {
                continue;
            }
            List<Disturbance> lifts = lifts(p, from, to);
            out.addAll(lifts);
            out.addAll(leftOnKeg(from, to, lifts));
            out.addAll(knocks(from, to, lifts));
        }
        for (double[] empty : empties) {
            objectOnEmpty(empty[0], empty[1], out);
        }
        if (bar.shapedChance() > 0) { // drawn last, so every load's time and weight are those of the bar of steps
            out.replaceAll(d -> shaped(d, out));
        }
        return out;
    }

    /**
     * With {@link BarDisturbances#shapedChance()}, a load that comes on and goes over time. A knock or
     * lean is then, with equal chance, ramped (0.1-1 s on and off: a hand, a knee), easing off (on over
     * 0.1-1 s, off over 2-20 s, its span lengthened by what the ease needs) or rocking (ramped, and ±0.2-1
     * kg at 0.5-3 Hz, at most its own weight); a thing left on a keg or an object on the empty platform
     * is ramped. A ramp longer than half a short load is shortened to fit (a quick knock is a triangle).
     * The ranges are assumptions about people at a bar, chosen before scoring.
     */
    private Disturbance shaped(Disturbance d, List<Disturbance> all) {
        Disturbance.Kind kind = d.kind();
        if (!d.kind().addsLoad() || !(random.nextDouble() < bar.shapedChance())) {
            return d;
        }
        double lenS = (d.endNanos() - d.startNanos()) / (double) NS;
        double onS = uniform(0.1, 1);
        double offS = uniform(0.1, 1);
        if (kind != Disturbance.Kind.KNOCK) {
            Disturbance.Kind ramped = kind == Disturbance.Kind.LEFT_ON_KEG ? Disturbance.Kind.LEFT_ON_KEG_RAMPED
                    : Disturbance.Kind.OBJECT_ON_EMPTY_RAMPED;
            return ramp(d, ramped, lenS, onS, offS, 0, 0);
        }
        return switch (random.nextInt(3)) {
            case 0 -> ramp(d, Disturbance.Kind.KNOCK_RAMPED, lenS, onS, offS, 0, 0);
            case 1 -> easing(d, all, lenS, onS, uniform(2, 20));
            default -> ramp(d, Disturbance.Kind.LEAN_ROCKING, lenS, onS, offS,
                    Math.min(uniform(0.2, 1), Math.abs(d.kg())), uniform(0.5, 3));
        };
    }

    private Disturbance ramp(Disturbance d, Disturbance.Kind kind, double lenS, double onS, double offS,
                             double rockKg, double rockHz) {
        double fit = Math.min(1, lenS / (onS + offS));
        return new Disturbance(kind, d.startNanos(), d.endNanos(), d.kg(),
                new LoadShape(onS * fit, offS * fit, rockKg, rockHz));
    }

    /** A lean held as drawn, then eased off over {@code easeS}; a ramped knock instead if the ease would reach a lift. */
    private Disturbance easing(Disturbance d, List<Disturbance> all, double lenS, double onS, double easeS) {
        long end = d.startNanos() + nanos(lenS + easeS);
        Disturbance eased = new Disturbance(Disturbance.Kind.LEAN_EASING, d.startNanos(), end, d.kg(),
                new LoadShape(Math.min(onS, lenS), easeS, 0, 0));
        boolean reachesLift = all.stream().anyMatch(o -> o.kind() == Disturbance.Kind.LIFTED
                && o.startNanos() < end && o.endNanos() > d.startNanos());
        return reachesLift ? ramp(d, Disturbance.Kind.KNOCK_RAMPED, lenS, onS, Math.min(1, easeS), 0, 0) : eased;
    }

    private List<Disturbance> lifts(KegPeriod p, double from, double to) {
        List<Disturbance> lifts = new ArrayList<>();
        double t = from + gap(bar.liftsPerDay() / 86_400);
        while (t < to) {
            double lenS = uniform(bar.minLiftS(), bar.maxLiftS());
            for (TruePour pour : p.pours()) { // pours are in order: slide past each one the lift would touch
                if (pour.startNanos() < nanos(t + lenS + LIFT_CLEAR_S) && pour.endNanos() > nanos(t - LIFT_CLEAR_S)) {
                    t = pour.endNanos() / (double) NS + LIFT_CLEAR_S;
                }
            }
            if (t + lenS >= to) {
                break;
            }
            lifts.add(new Disturbance(Disturbance.Kind.LIFTED, nanos(t), nanos(t + lenS), undisturbed.grossKgAt(nanos(t))));
            t += lenS + gap(bar.liftsPerDay() / 86_400);
        }
        return lifts;
    }

    private List<Disturbance> leftOnKeg(double from, double to, List<Disturbance> lifts) {
        List<Disturbance> left = new ArrayList<>();
        double t = from + gap(bar.leftOnKegPerDay() / 86_400);
        while (t < to) {
            double lenS = Math.min(logUniform(bar.minLeftS(), bar.maxLeftS()), to - t);
            double kg = logUniform(bar.minLeftKg(), bar.maxLeftKg());
            Disturbance d = new Disturbance(Disturbance.Kind.LEFT_ON_KEG, nanos(t), nanos(t + lenS), kg);
            if (lenS >= bar.minLeftS() && !overlapsAny(d, lifts)) {
                left.add(d);
            }
            t += lenS + gap(bar.leftOnKegPerDay() / 86_400);
        }
        return left;
    }

    private List<Disturbance> knocks(double from, double to, List<Disturbance> lifts) {
        List<Disturbance> knocks = new ArrayList<>();
        double t = from + gap(bar.knocksPerHour() / 3600);
        while (t < to) {
            double lenS = logUniform(bar.minKnockS(), bar.maxKnockS());
            double kg = logUniform(bar.minKnockKg(), bar.maxKnockKg());
            if (random.nextBoolean()) { // a lean that lifts part of the keg cannot lift more than it weighs
                kg = -Math.min(kg, undisturbed.grossKgAt(nanos(t)) - 0.5);
            }
            if (t + lenS < to && Math.abs(kg) >= bar.minKnockKg()) {
                Disturbance d = new Disturbance(Disturbance.Kind.KNOCK, nanos(t), nanos(t + lenS), kg);
                if (!overlapsAny(d, lifts) && !overlapsAny(d, knocks)) {
                    knocks.add(d);
                }
            }
            t += lenS + gap(bar.knocksPerHour() / 3600);
        }
        return knocks;
    }

    /** With {@link BarDisturbances#objectOnEmptyChance()}, something that fits no keg type sits on the empty platform a while. */
    private void objectOnEmpty(double from, double to, List<Disturbance> out) {
        double room = to - from - 10; // set down after, and lifted 5 s before, the platform's empty stretch ends
        if (room < 10 || !(random.nextDouble() < bar.objectOnEmptyChance())) {
            return;
        }
        double maxKg = lightestShellKg - BELOW_LIGHTEST_SHELL_KG;
        double kg;
        if (random.nextBoolean()) {
            kg = CALIBRATION_WEIGHTS_KG[random.nextInt(CALIBRATION_WEIGHTS_KG.length)];
        } else {
            kg = uniform(0.5, Math.max(0.5, maxKg)); // a crate of glasses, a bag of ice
        }
        kg = Math.min(kg, maxKg);
        double start = from + 5 + random.nextDouble() * room / 2;
        double lenS = 5 + random.nextDouble() * (from + 5 + room - start - 5);
        out.add(new Disturbance(Disturbance.Kind.OBJECT_ON_EMPTY, nanos(start), nanos(start + lenS), kg));
    }

    private static boolean overlapsAny(Disturbance d, List<Disturbance> others) {
        return others.stream().anyMatch(o -> o.startNanos() < d.endNanos() && o.endNanos() > d.startNanos());
    }

    /** Exponential gap of a Poisson process with {@code perS} events a second; infinite when none. */
    private double gap(double perS) {
        return perS > 0 ? -Math.log(1 - random.nextDouble()) / perS : Double.POSITIVE_INFINITY;
    }

    private double uniform(double lo, double hi) {
        return lo + random.nextDouble() * (hi - lo);
    }

    /** Short and light disturbances are the common ones: uniform in log between the bounds. */
    private double logUniform(double lo, double hi) {
        return lo * Math.pow(hi / lo, random.nextDouble());
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * NS);
    }
}
