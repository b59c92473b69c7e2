package com.scalesense.sink.store;

import java.time.LocalDate;

/**
 * Additions to one tap's pour summary of one business day (seed 003 pattern).
 *
 * @param pours         number of pours
 * @param unsyncedPours of which taken with an unsynchronised clock (dated by receipt instead)
 * @param gallons       US gallons poured
 * @param volumeOz      US fluid ounces poured
 */
public record SummaryAdd(String locId, String tapId, LocalDate businessDay, int pours, int unsyncedPours,
                         double gallons, double volumeOz) {
}
