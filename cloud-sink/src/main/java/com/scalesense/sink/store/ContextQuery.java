package com.scalesense.sink.store;

import java.util.Set;

/**
 * Keys of the items a batch needs before it is written.
 *
 * @param hardwareId devices row to read, or null when not needed
 * @param tapId      tap whose alert items to read, or null
 * @param tareKegId  keg whose META gives the beer_id for a full tare, or null when the batch has no tare
 * @param kegIds     every keg_id the batch names, whose META (location) authorises it; empty when none
 */
public record ContextQuery(String locId, String tapId, String deviceId, String hardwareId, String tareKegId,
                           Set<String> kegIds) {

    public ContextQuery {
        kegIds = Set.copyOf(kegIds);
    }

    /** A query for the alert state alone (no kegs to authorise). */
    public ContextQuery(String locId, String tapId, String deviceId, String hardwareId, String tareKegId) {
        this(locId, tapId, deviceId, hardwareId, tareKegId, Set.of());
    }

    /**
     * A device's own context, no tap and no batch: its location's settings and its alerts (the
     * offline check, a connect, a registration).
     */
    public static ContextQuery device(String locId, String deviceId) {
        return new ContextQuery(locId, null, deviceId, null, null);
    }
}
