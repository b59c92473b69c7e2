package com.scalesense.sink.query;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How fast a keg empties (seed 000's "pour rate"), from the stored level readings, by its
 * formula over the location's rate window (the agent's {@code PourRate} estimates it from
 * detected pours instead; two names for two methods):
 * {@code gallons_per_hour = (MAX(gallons) - MIN(gallons)) / window_hours} and
 * {@code hours_remaining = MIN(gallons) / gallons_per_hour}.
 *
 * @param windowHours     the window in hours (location setting rate_window_hours, default 6)
 * @param gallonsPerHour  US gallons per hour; 0 when nothing was poured
 * @param hoursRemaining  hours until empty at that rate; empty when the rate is 0 (the seed's SQL
 *                        would divide by zero) or there were no readings
 */
public record KegDrainRate(int windowHours, double gallonsPerHour, OptionalDouble hoursRemaining) {

    /** The rate over the given readings, all of which must already lie in the window. */
    public static KegDrainRate of(int windowHours, List<ReadingPoint> inWindow) {
        double[] gallons = inWindow.stream().map(ReadingPoint::gallons).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).toArray();
        if (gallons.length == 0) {
            return new KegDrainRate(windowHours, 0.0, OptionalDouble.empty());
        }
        double max = gallons[0];
        double min = gallons[0];
        for (double g : gallons) {
            max = Math.max(max, g);
            min = Math.min(min, g);
        }
        double rate = (max - min) / windowHours;
        return new KegDrainRate(windowHours, rate, rate > 0 ? OptionalDouble.of(min / rate) : OptionalDouble.empty());
    }
}
