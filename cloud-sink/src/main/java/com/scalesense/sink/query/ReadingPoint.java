package com.scalesense.sink.query;

import java.time.Instant;

/**
 * One stored reading as the analytics see it. Measured numbers are {@code null} when the
 * sensor behind them was in error, and every calculation skips them rather than reading 0.
 *
 * @param at         when the scale took it
 * @param deviceId   e.g. {@code SCALE-0042}
 * @param levelPct   percent of the keg's capacity, [0, 100]
 * @param gallons    US gallons of beer left
 * @param batteryPct percent
 */
public record ReadingPoint(Instant at, String deviceId, Double levelPct, Double gallons, Double batteryPct) {
}
