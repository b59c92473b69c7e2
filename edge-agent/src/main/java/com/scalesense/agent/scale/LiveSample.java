package com.scalesense.agent.scale;

import com.scalesense.hal.SampleStatus;
import com.scalesense.protocol.KegState;

/**
 * One sample as the live view shows it: the raw counts with their status, and what the scale made
 * of them at that moment.
 *
 * @param wallMs    the sample's wall time, epoch ms
 * @param rawCounts the HX711's signed 24-bit counts
 * @param status    whether the counts carry a weight
 * @param weightKg  the counts through the calibration in use, kg; null when the sample is not
 *                  valid or the scale has never been calibrated
 * @param kegState  the keg's state after the sample ({@link KegState#INVALID} while uncalibrated)
 */
public record LiveSample(long wallMs, int rawCounts, SampleStatus status, Double weightKg, KegState kegState) {
}
