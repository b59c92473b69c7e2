package com.scalesense.sink.query;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A keg's level series for a chart: the readings of {@code READINGS#keg#<keg_id>} with
 * {@code from <= at <= to}, oldest first; more than {@value #MAX_POINTS} are averaged into
 * epoch-aligned bins of {@code binSecs} seconds (the fewest whole seconds that keep the series
 * within {@value #MAX_POINTS} points), so a 30-day request stays a few tens of KB.
 *
 * @param kegId   {@code keg-YYYYMMDD-xxxx}
 * @param from    start of the range, inclusive
 * @param to      end of the range, inclusive
 * @param binSecs 0 when the points are the readings themselves, else the bin width in seconds
 * @param points  level_pct in percent, readings without a level left out
 */
public record KegLevels(String kegId, Instant from, Instant to, long binSecs, List<LevelHistory.Bin> points) {

    /** Enough for a chart several thousand pixels wide. */
    public static final int MAX_POINTS = 1000;

    public KegLevels {
        points = List.copyOf(points);
    }

    static KegLevels of(String kegId, Instant from, Instant to, List<ReadingPoint> readings) {
        List<ReadingPoint> withLevel = readings.stream().filter(p -> p.levelPct() != null).toList();
        if (withLevel.size() <= MAX_POINTS) {
            return new KegLevels(kegId, from, to, 0,
                    withLevel.stream().map(p -> new LevelHistory.Bin(p.at(), p.levelPct())).toList());
        }
        long spanMs = Duration.between(from, to).toMillis();
        long binSecs = Math.max(1, (spanMs / MAX_POINTS + 999) / 1000);
        // Epoch-aligned bins split the range's ends: [from, to] touches at most span / width + 2 of them
        // (a partial bin at each end), which is what must stay within the limit.
        while (spanMs / (binSecs * 1000) + 2 > MAX_POINTS) {
            binSecs++;
        }
        return new KegLevels(kegId, from, to, binSecs,
                LevelHistory.average(withLevel, ReadingPoint::levelPct, binSecs * 1000));
    }
}
