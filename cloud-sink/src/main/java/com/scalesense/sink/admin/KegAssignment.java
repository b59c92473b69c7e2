package com.scalesense.sink.admin;

import com.scalesense.sink.tables.AssignmentAttrs;
import java.time.Instant;

/**
 * The outcome of putting a new keg of a beer on a tap (seed 000 "Beer assignment").
 *
 * @param kegId           the new keg, {@code keg-YYYYMMDD-xxxx}
 * @param tapId           e.g. {@code loc-001#TAP#07}
 * @param beerRef         {@code guinness-draught} or {@code loc-001#house-ale}
 * @param kegType         e.g. {@code half_barrel}
 * @param fullLbs         gross weight of the full keg in pounds the level is computed from
 * @param emptyLbs        empty keg weight in pounds
 * @param specificGravity of the beer, dimensionless
 * @param weightsMeasured true when the weights came from a measured tare of this beer in this
 *                        keg type ({@code measured_at} present), false for reference weights
 * @param full            true when the assignment says the keg is new and full from the brewery: the
 *                        scale takes its weight when set down as its full weight (tare_status
 *                        full_set); false leaves its level an estimate (pending) until it is tared
 * @param tappedAt        when the assignment was made (the API's requested_at)
 * @param commandId       the {@code assign_keg} command_id every send of this assignment carries
 * @param deviceId        the scale registered on the tap the command goes to, or null when none is
 * @param commandSent     true when the broker took the command at once; false leaves it to the
 *                        re-send check ({@code AssignmentCheck}), as does any later loss
 */
public record KegAssignment(String kegId, String tapId, String beerRef, String kegType, double fullLbs,
                            double emptyLbs, double specificGravity, boolean weightsMeasured, boolean full, Instant tappedAt,
                            String commandId, String deviceId, boolean commandSent) {

    /**
     * Always {@code pending} when returned: the assignment is applied once the scale's readings
     * carry {@link #kegId} (ingestion writes that on the tap's config item).
     */
    public String status() {
        return AssignmentAttrs.PENDING;
    }

    /** This assignment, its command taken by the broker. */
    KegAssignment sent() {
        return new KegAssignment(kegId, tapId, beerRef, kegType, fullLbs, emptyLbs, specificGravity, weightsMeasured,
                full, tappedAt, commandId, deviceId, true);
    }
}
