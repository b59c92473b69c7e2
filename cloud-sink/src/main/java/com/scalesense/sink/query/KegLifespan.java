package com.scalesense.sink.query;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One keg's life from its readings, as seed 000's lifespan query computes it.
 *
 * @param kegId               e.g. {@code keg-20260318-a1b2}
 * @param tappedAt            time of the first reading with gallons
 * @param lastReading         time of the last reading with gallons
 * @param totalPouredGallons  {@code MAX(gallons) - MIN(gallons)}, US gallons
 * @param lifespanHours       whole hours between first and last reading, truncated like
 *                            Timestream's {@code date_diff('hour', ...)}
 */
public record KegLifespan(String kegId, Instant tappedAt, Instant lastReading, double totalPouredGallons,
                          long lifespanHours) {

    /** Empty when no reading carried gallons. */
    public static Optional<KegLifespan> of(String kegId, List<ReadingPoint> readings) {
        List<ReadingPoint> withGallons = readings.stream().filter(r -> r.gallons() != null).toList();
        if (withGallons.isEmpty()) {
            return Optional.empty();
        }
        Instant first = withGallons.stream().map(ReadingPoint::at).min(Comparator.naturalOrder()).orElseThrow();
        Instant last = withGallons.stream().map(ReadingPoint::at).max(Comparator.naturalOrder()).orElseThrow();
        double max = withGallons.stream().map(ReadingPoint::gallons).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = withGallons.stream().map(ReadingPoint::gallons).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).min().orElseThrow();
        return Optional.of(new KegLifespan(kegId, first, last, max - min, Duration.between(first, last).toHours()));
    }
}
