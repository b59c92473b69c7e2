package com.scalesense.sink.query;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Gallons poured by hour of day at a location over the last 30 days (seed 000's "pour volume
 * by hour of day").
 *
 * <p>Two deliberate differences from the seed's SQL, which averages the gallons <em>left</em>
 * per UTC hour: a pour is a drop below the lowest level seen so far in the keg (so sensor
 * noise that goes up and back down is not counted twice), and hours are the bar's local hours
 * (location timezone), because "busiest at 21:00" must mean 21:00 at the bar.
 *
 * @param avgGallonsPoured index 0..23 = local hour of day; US gallons poured in that hour on an
 *                         average day, over the days that had any reading
 * @param days             number of local days with readings the averages divide by
 */
public record HourlyPours(List<Double> avgGallonsPoured, int days) {

    /** Seed 000: {@code time >= ago(30d)}. */
    public static final int WINDOW_DAYS = 30;

    /** @param readingsPerKeg each keg's readings, any order */
    public static HourlyPours of(Collection<List<ReadingPoint>> readingsPerKeg, ZoneId zone) {
        double[] totals = new double[24];
        Set<LocalDate> days = new HashSet<>();
        for (List<ReadingPoint> keg : readingsPerKeg) {
            double lowest = Double.POSITIVE_INFINITY;
            for (ReadingPoint p : keg.stream().filter(r -> r.gallons() != null)
                    .sorted(Comparator.comparing(ReadingPoint::at)).toList()) {
                ZonedDateTime local = p.at().atZone(zone);
                days.add(local.toLocalDate());
                double gallons = Objects.requireNonNull(p.gallons());
                if (gallons < lowest) {
                    if (lowest != Double.POSITIVE_INFINITY) {
                        totals[local.getHour()] += lowest - gallons;
                    }
                    lowest = gallons;
                }
            }
        }
        if (!days.isEmpty()) {
            for (int h = 0; h < 24; h++) {
                totals[h] /= days.size();
            }
        }
        return new HourlyPours(Arrays.stream(totals).boxed().toList(), days.size());
    }

    public HourlyPours {
        avgGallonsPoured = List.copyOf(avgGallonsPoured);
    }
}
