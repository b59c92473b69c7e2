package com.scalesense.agent.replay;

import com.scalesense.hal.sim.Disturbance.Kind;

import java.util.Collections;
import java.util.List;
import java.util.function.LongToDoubleFunction;

/**
 * What really happened, in the terms the scorer compares against; built from a simulated
 * {@code Scenario} or read from a truth file next to a recorded trace. Times are epoch ms.
 *
 * @param pours        every pour: start, end, US fl oz
 * @param placements   times a keg was set on the platform, in order
 * @param levelPctAt   true level at an epoch ms (NaN when no keg is on the platform)
 * @param pintsPerPct  US pints in 1 % of the keg on the platform at an epoch ms
 * @param faults       [start, end) epoch ms spans when the sensor gave nothing usable
 * @param disturbances knocks, things set down, lifts, part-full kegs (issue 12), by start
 * @param shellSpreadPctAt what a shell {@code KegType.SHELL_SPREAD_KG} off its type's reference makes in the level of the
 *                     keg on the platform at an epoch ms, % of capacity: the most an estimate (tare pending) can be
 *                     off by its shell alone (NaN when not known, e.g. a truth file)
 */
public record Truth(List<Pour> pours, List<Long> placements, LongToDoubleFunction levelPctAt,
                    LongToDoubleFunction pintsPerPct, List<long[]> faults, List<Disturbance> disturbances,
                    LongToDoubleFunction shellSpreadPctAt) {

    /** A truth that does not know the kegs' beer weights (a truth file). */
    public Truth(List<Pour> pours, List<Long> placements, LongToDoubleFunction levelPctAt,
                 LongToDoubleFunction pintsPerPct, List<long[]> faults, List<Disturbance> disturbances) {
        this(pours, placements, levelPctAt, pintsPerPct, faults, disturbances, ms -> Double.NaN);
    }

    /**
     * The technician assigns each keg set on the platform (its type and beer, as the dashboard's
     * beer assignment of seed 000 does) this long after setting it down, ms; before that the keg is
     * unassigned and its level an estimate.
     */
    public static final long ASSIGN_AFTER_MS = 5 * 60_000;

    public Truth {
        placements = List.copyOf(placements);
        disturbances = List.copyOf(disturbances);
    }

    public record Pour(long startMs, long endMs, double oz) {
    }

    /** A disturbance of a kind {@code hal.sim} draws; {@code kg} as in {@code hal.sim.Disturbance} (NaN: not known). */
    public record Disturbance(Kind kind, long startMs, long endMs, double kg) {
    }

    boolean inFault(long ms) {
        return faults.stream().anyMatch(f -> ms >= f[0] && ms < f[1]);
    }

    /** True when the keg on the platform at {@code ms} was set down part-full (a part_full_keg disturbance spans its stay). */
    boolean partFullAt(long ms) {
        return disturbances.stream().anyMatch(d -> d.kind() == Kind.PART_FULL_KEG && ms >= d.startMs() && ms < d.endMs());
    }

    /** True when the keg on the platform at {@code ms} was set down at least {@link #ASSIGN_AFTER_MS} before. */
    boolean assignedAt(long ms) {
        int i = Collections.binarySearch(placements, ms);
        int last = i >= 0 ? i : -i - 2;
        return last >= 0 && ms >= placements.get(last) + ASSIGN_AFTER_MS;
    }
}
