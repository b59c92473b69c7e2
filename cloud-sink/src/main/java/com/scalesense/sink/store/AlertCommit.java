package com.scalesense.sink.store;

import com.scalesense.sink.alerts.AlertChanges;

/**
 * Alert changes of one tap and device, with the keys they apply to.
 *
 * @param tapId            tap of the low_keg alert, or null (device-only changes)
 * @param gracePeriodSecs  the location's grace period, for the FIRING item's TTL
 */
public record AlertCommit(String locId, String tapId, String deviceId, long gracePeriodSecs, AlertChanges changes) {
}
