package com.scalesense.hal.hx711;

/**
 * Driver counters since start.
 *
 * @param droppedSamples       samples overwritten in the ring before anyone read them
 * @param discardedConversions conversions read but dropped as unsettled (after power-up, reset or gain change)
 * @param timingViolations     reads rejected because a clock-high interval reached 60 µs or DOUT was out of sync
 * @param chipResets           PD_SCK power-down/up cycles the driver made, including the one at start
 */
public record Hx711Stats(long droppedSamples, long discardedConversions, long timingViolations, long chipResets) {
}
