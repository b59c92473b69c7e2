package com.scalesense.cal;

import com.scalesense.control.Replies;
import java.util.List;

/**
 * What {@code status} can tell from the stores alone, with the agent stopped. Units as in
 * {@link Replies}: kg unless named lbs, epoch ms, ages in s.
 *
 * @param stateDir    the directory that was opened
 * @param keg         the stored keg, or null when none was ever assigned
 * @param calibration the calibration in use (all-null fields when there is none)
 * @param outbox      outbox counters, or null when there is no outbox file yet
 * @param storeHealth what the NVS store found when it opened ({@code OK} or how it recovered)
 * @param movedAside  damaged files the stores moved aside while opening
 */
public record StoredState(String stateDir, Replies.Keg keg, Replies.CalibrationInfo calibration,
                          Replies.OutboxInfo outbox, String storeHealth, List<String> movedAside) {
}
