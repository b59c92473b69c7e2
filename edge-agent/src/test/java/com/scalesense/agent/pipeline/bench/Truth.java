package com.scalesense.agent.pipeline.bench;

import java.util.List;
import java.util.function.LongToDoubleFunction;

/**
 * What really happened, in the terms the scorer compares against; built from a simulated
 * {@code Scenario} or read from a truth file next to a recorded trace. Times are epoch ms.
 *
 * @param pours      every pour: start, end, US fl oz
 * @param placements times a keg was set on the platform
 * @param levelPctAt true level at an epoch ms (NaN when no keg is on the platform)
 * @param pintsPerPct US pints in 1 % of the keg on the platform at an epoch ms
 * @param faults     [start, end) epoch ms spans when the sensor gave nothing usable
 */
public record Truth(List<Pour> pours, List<Long> placements, LongToDoubleFunction levelPctAt,
                    LongToDoubleFunction pintsPerPct, List<long[]> faults) {

    public record Pour(long startMs, long endMs, double oz) {
    }

    boolean inFault(long ms) {
        return faults.stream().anyMatch(f -> ms >= f[0] && ms < f[1]);
    }
}
