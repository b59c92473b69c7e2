package com.scalesense.sink.query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A tap's level chart: the average level_pct and battery_pct per bin, oldest first (seed 000's
 * dual-series response: {@code data} and {@code battery_data}). Bins start at multiples of the
 * bin width since the epoch, as Timestream's {@code BIN()} does; empty bins are left out.
 *
 * @param range       the range asked for
 * @param levels      average level_pct (percent) per bin
 * @param batteries   average battery_pct (percent) per bin
 */
public record LevelHistory(HistoryRange range, List<Bin> levels, List<Bin> batteries) {

    /** @param start bin start; @param average mean of the values in [start, start + bin) */
    public record Bin(Instant start, double average) {
    }

    public LevelHistory {
        levels = List.copyOf(levels);
        batteries = List.copyOf(batteries);
    }

    /** Bins the points that fall in {@code [now - range, now]} (seed 000: {@code time >= ago(range)}). */
    public static LevelHistory of(HistoryRange range, List<ReadingPoint> points, Instant now) {
        Instant from = now.minus(range.span());
        List<ReadingPoint> inRange = points.stream()
                .filter(p -> !p.at().isBefore(from) && !p.at().isAfter(now)).toList();
        long binMs = range.bin().toMillis();
        return new LevelHistory(range,
                average(inRange, ReadingPoint::levelPct, binMs),
                average(inRange, ReadingPoint::batteryPct, binMs));
    }

    static List<Bin> average(List<ReadingPoint> points, Function<ReadingPoint, Double> value, long binMs) {
        Map<Long, double[]> sums = new TreeMap<>();
        for (ReadingPoint p : points) {
            Double v = value.apply(p);
            if (v == null) {
                continue;
            }
            long start = Math.floorDiv(p.at().toEpochMilli(), binMs) * binMs;
            double[] sumAndCount = sums.computeIfAbsent(start, k -> new double[2]);
            sumAndCount[0] += v;
            sumAndCount[1]++;
        }
        List<Bin> bins = new ArrayList<>(sums.size());
        sums.forEach((start, s) -> bins.add(new Bin(Instant.ofEpochMilli(start), s[0] / s[1])));
        return bins;
    }
}
