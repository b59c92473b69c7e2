package com.scalesense.protocol;

import java.util.Map;

/**
 * One measurement of one scale at one instant, as sent on the wire.
 *
 * <p>Units: {@code levelPct} percent of the keg's capacity in [0, 100]; {@code gallons} US
 * gallons of beer left; {@code weightLbs} gross weight on the platform in pounds; {@code
 * pintsLeft} US pints (16 fl oz); {@code pourRateGph} gallons per hour over the agent's rate
 * window (default 6 h, seed 000); {@code hoursRemaining} hours until empty at that rate;
 * {@code batteryV} volts; {@code batteryPct} percent; {@code temperatureC} degrees Celsius.
 *
 * <p>The measured numbers are {@code null} when the sensor behind them is in error (see
 * {@code sensorStatus}): a fault never turns into a level. {@code clockSynced} is false when
 * the timestamp was taken before the scale's wall clock was synchronised.
 *
 * @param timestampMs    epoch milliseconds (seed 001: i64, 2000-01-01..2100-01-01)
 * @param sensorStatus   sensor name to "ok" or "error" (seed 001), e.g. {@code hx711}
 * @param kegState       state of the scale's keg model when the reading was taken
 * @param tareStatus     whether the level comes from a measured tare or reference weights
 */
public record Reading(
        long timestampMs,
        Double levelPct,
        Double gallons,
        Double weightLbs,
        Double pintsLeft,
        Double pourRateGph,
        Double hoursRemaining,
        Double batteryV,
        Double batteryPct,
        Double temperatureC,
        Map<String, SensorStatus> sensorStatus,
        boolean clockSynced,
        KegState kegState,
        TareStatus tareStatus) {

    public Reading {
        sensorStatus = sensorStatus == null ? Map.of() : Map.copyOf(sensorStatus);
    }

    /**
     * The same reading taken at {@code ts} with clock_synced {@code synced}: what a scale sends
     * for a reading it timed before its clock was set.
     */
    public Reading withTimestamp(long ts, boolean synced) {
        return new Reading(ts, levelPct, gallons, weightLbs, pintsLeft, pourRateGph, hoursRemaining, batteryV,
                batteryPct, temperatureC, sensorStatus, synced, kegState, tareStatus);
    }
}
