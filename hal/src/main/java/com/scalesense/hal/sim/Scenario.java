package com.scalesense.hal.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Ground truth of one simulated keg life: which keg stood on the platform when, every pour, every
 * disturbance (knocks, things set down, the keg lifted), every sensor fault and the temperature. Immutable; answers "what was really there at time t" for the
 * sensor model and for scoring.
 *
 * <p>Times are nanoseconds since the scenario began; weights kg; levels percent of the keg's own
 * beer capacity (its true level, not one computed from reference weights).
 */
public final class Scenario {

    private final List<KegPeriod> periods;
    private final List<double[]> pouredBefore;
    private final List<FaultWindow> faults;
    private final List<Disturbance> disturbances;
    private final TemperatureProfile temperature;
    private final long endNanos;
    /**
     * Step function of the disturbances' effect: from loadFrom[i] on, extraKg[i] is added (and the keg is
     * off if lifted[i]) plus the load of each disturbance in shaped[i], whose load ramps or rocks.
     */
    private final long[] loadFrom;
    private final double[] extraKg;
    private final boolean[] lifted;
    private final Disturbance[][] shaped;

    public Scenario(List<KegPeriod> periods, List<FaultWindow> faults, TemperatureProfile temperature,
                    long endNanos) {
        this(periods, faults, List.of(), temperature, endNanos);
    }

    public Scenario(List<KegPeriod> periods, List<FaultWindow> faults, List<Disturbance> disturbances,
                    TemperatureProfile temperature, long endNanos) {
        this.disturbances = disturbances.stream()
                .sorted(Comparator.comparingLong(Disturbance::startNanos)).toList();
        this.periods = List.copyOf(periods);
        this.faults = List.copyOf(faults);
        this.temperature = temperature;
        this.endNanos = endNanos;
        List<double[]> sums = new ArrayList<>();
        long last = Long.MIN_VALUE;
        for (KegPeriod period : this.periods) {
            SimulationConfigException.require(period.placedNanos() >= last, "periods", period.placedNanos(),
                    "keg stays must not overlap");
            last = period.removedNanos();
            double[] before = new double[period.pours().size() + 1];
            for (int i = 0; i < period.pours().size(); i++) {
                before[i + 1] = before[i] + period.pours().get(i).beerKg();
            }
            sums.add(before);
        }
        this.pouredBefore = List.copyOf(sums);
        TreeSet<Long> edges = new TreeSet<>();
        for (Disturbance d : this.disturbances) {
            edges.add(d.startNanos());
            edges.add(d.endNanos());
        }
        loadFrom = edges.stream().mapToLong(Long::longValue).toArray();
        extraKg = new double[loadFrom.length];
        lifted = new boolean[loadFrom.length];
        List<List<Disturbance>> shapedAt = new ArrayList<>();
        for (int i = 0; i < loadFrom.length; i++) {
            shapedAt.add(new ArrayList<>());
        }
        for (Disturbance d : this.disturbances) {
            int from = Arrays.binarySearch(loadFrom, d.startNanos());
            for (int i = from; i < loadFrom.length && loadFrom[i] < d.endNanos(); i++) {
                if (d.kind().addsLoad() && d.shape().isStep()) {
                    extraKg[i] += d.kg();
                } else if (d.kind().addsLoad()) {
                    shapedAt.get(i).add(d);
                }
                lifted[i] |= d.kind() == Disturbance.Kind.LIFTED;
            }
        }
        shaped = shapedAt.stream().map(l -> l.toArray(Disturbance[]::new)).toArray(Disturbance[][]::new);
    }

    /** Every disturbance (knock, thing left on a keg, lift, object, part-full keg), by start time. */
    public List<Disturbance> disturbances() {
        return disturbances;
    }

    public List<KegPeriod> periods() {
        return periods;
    }

    public List<FaultWindow> faults() {
        return faults;
    }

    public TemperatureProfile temperature() {
        return temperature;
    }

    /** Simulated duration, ns. */
    public long endNanos() {
        return endNanos;
    }

    /** Every pour of every keg, in time order. */
    public List<TruePour> pours() {
        List<TruePour> all = new ArrayList<>();
        periods.forEach(p -> all.addAll(p.pours()));
        return all;
    }

    /** Index of the keg period covering {@code nanos}, or -1 if the platform is empty. */
    public int periodIndexAt(long nanos) {
        for (int i = 0; i < periods.size(); i++) {
            if (periods.get(i).covers(nanos)) {
                return i;
            }
        }
        return -1;
    }

    /** Beer in the keg on the platform at {@code nanos}, kg; 0 when there is none. */
    public double beerKgAt(long nanos) {
        int i = periodIndexAt(nanos);
        if (i < 0) {
            return 0;
        }
        KegPeriod period = periods.get(i);
        List<TruePour> pours = period.pours();
        int lo = 0;
        int hi = pours.size();
        while (lo < hi) { // first pour starting at or after nanos
            int mid = (lo + hi) >>> 1;
            if (pours.get(mid).startNanos() < nanos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        double poured = pouredBefore.get(i)[lo];
        if (lo > 0) { // the latest pour that began may still be running
            TruePour open = pours.get(lo - 1);
            poured += open.pouredKgAt(nanos) - open.beerKg();
        }
        return Math.max(0, period.initialBeerKg() - poured);
    }

    /**
     * Weight on the platform at {@code nanos}, kg: the keg's shell plus beer (none while it is lifted
     * off or no keg stands) plus whatever a disturbance adds, never below 0 (a rocking lean cannot
     * lift more than the keg); 0 when empty and undisturbed.
     */
    public double grossKgAt(long nanos) {
        int step = Arrays.binarySearch(loadFrom, nanos);
        step = step >= 0 ? step : -step - 2; // the last edge at or before nanos
        boolean off = step >= 0 && lifted[step];
        double extra = step >= 0 ? extraKg[step] : 0;
        if (step >= 0) {
            for (Disturbance d : shaped[step]) {
                extra += d.kgAt(nanos);
            }
        }
        int i = off ? -1 : periodIndexAt(nanos);
        return Math.max(0, (i < 0 ? 0 : periods.get(i).keg().shellKg() + beerKgAt(nanos)) + extra);
    }

    /**
     * True level of the keg on the platform, % of its full beer; NaN when no keg stands on the tap
     * (a keg lifted for a moment keeps its level).
     */
    public double levelPctAt(long nanos) {
        int i = periodIndexAt(nanos);
        return i < 0 ? Double.NaN : 100.0 * beerKgAt(nanos) / periods.get(i).keg().fullBeerKg();
    }

    /** The fault covering {@code nanos}, or null when the sensor is healthy. */
    public FaultWindow faultAt(long nanos) {
        for (FaultWindow f : faults) {
            if (f.covers(nanos)) {
                return f;
            }
        }
        return null;
    }
}
