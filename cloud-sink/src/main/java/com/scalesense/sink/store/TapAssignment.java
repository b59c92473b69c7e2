package com.scalesense.sink.store;

import com.scalesense.sink.tables.AssignmentAttrs;

/**
 * The keg a tap's config item holds and its assignment, as ingestion read them
 * (docs/data-model.md, "Keg assignment").
 *
 * @param kegId           keg_id the cloud holds on the tap, or null (none, or unassigned after a swap)
 * @param assignmentKegId the keg the current assignment names, or null
 * @param status          {@code pending}, {@code applied} or null
 * @param atMs            epoch ms (reading time) from which the tap's state holds on the scale, or null
 */
public record TapAssignment(String kegId, String assignmentKegId, String status, Long atMs) {

    /** A cloud request the scale's readings have not yet shown. */
    public boolean pending() {
        return AssignmentAttrs.PENDING.equals(status);
    }
}
