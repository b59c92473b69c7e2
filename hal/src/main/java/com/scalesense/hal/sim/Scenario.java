package com.scalesense.hal.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Ground truth of one simulated keg life: which keg stood on the platform when, every pour, every
 * sensor fault and the temperature. Immutable; answers "what was really there at time t" for the
 * sensor model and for scoring.
 *
 * <p>Times are nanoseconds since the scenario began; weights kg; levels percent of the keg's own
 * beer capacity (its true level, not one computed from reference weights).
 */
public final class Scenario {

    private final List<KegPeriod> periods;
    private final List<double[]> pouredBefore;
    private final List<FaultWindow> faults;
    private final TemperatureProfile temperature;
    private final long endNanos;

    public Scenario(List<KegPeriod> periods, List<FaultWindow> faults, TemperatureProfile temperature,
                    long endNanos) {
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

    /** Gross weight on the platform at {@code nanos} (shell plus beer), kg; 0 when empty. */
    public double grossKgAt(long nanos) {
        int i = periodIndexAt(nanos);
        return i < 0 ? 0 : periods.get(i).keg().shellKg() + beerKgAt(nanos);
    }

    /** True level of the keg on the platform, % of its full beer; NaN when the platform is empty. */
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
