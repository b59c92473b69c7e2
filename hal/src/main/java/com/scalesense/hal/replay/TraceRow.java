package com.scalesense.hal.replay;

import com.scalesense.hal.SampleStatus;

/**
 * One sample row of a trace.
 *
 * @param timestampMs epoch milliseconds the sample was taken, strictly increasing within a trace
 * @param rawCounts   signed 24-bit count (-8388608..8388607, HX711 datasheet p.4)
 * @param status      the sample's status; {@link SampleStatus#OK} when the row has none
 * @param lineNumber  1-based line of the row in its file, for messages
 */
public record TraceRow(long timestampMs, int rawCounts, SampleStatus status, long lineNumber) {
}
