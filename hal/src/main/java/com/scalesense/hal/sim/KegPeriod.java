package com.scalesense.hal.sim;

import java.util.List;

import static com.scalesense.hal.sim.SimulationConfigException.require;

/**
 * One keg's stay on the platform: placed, poured from, and removed (or still there when the
 * scenario ends). Pours are in time order and do not overlap.
 *
 * @param placedNanos   simulated time the keg was set down, ns
 * @param removedNanos  simulated time it was lifted off, ns ({@link Long#MAX_VALUE} if never)
 * @param keg           the physical keg
 * @param initialBeerKg beer inside when placed, kg
 * @param pours         pours drawn from this keg while it stood there
 */
public record KegPeriod(long placedNanos, long removedNanos, KegSpec keg, double initialBeerKg,
                        List<TruePour> pours) {

    public KegPeriod {
        require(removedNanos > placedNanos, "removedNanos", removedNanos, "must be after placedNanos");
        pours = List.copyOf(pours);
        double total = 0;
        long last = placedNanos;
        for (TruePour p : pours) {
            require(p.startNanos() >= last && p.endNanos() <= removedNanos, "pours", p,
                    "must be in order, not overlapping, and inside the keg's stay");
            last = p.endNanos();
            total += p.beerKg();
        }
        // 1 g of slack for floating point sums over a hundred pours.
        require(total <= initialBeerKg + 1e-3, "pours", total, "must not pour more beer than the keg held");
    }

    boolean covers(long nanos) {
        return nanos >= placedNanos && nanos < removedNanos;
    }
}
