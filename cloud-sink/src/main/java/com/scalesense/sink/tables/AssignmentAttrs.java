package com.scalesense.sink.tables;

/**
 * Names of the keg assignment attributes on a tap's config item ({@code LOCATION#<loc_id>/TAP#nn}),
 * written by the admin's {@code KegAssigner} (a cloud request, pending) and by ingestion (applied
 * when the scale's readings carry the keg; the scale's own keg adopted; the tap unassigned after a
 * swap). One list, so the writers and the readers name them alike (docs/data-model.md).
 */
public final class AssignmentAttrs {

    /** The keg the current assignment names. */
    public static final String KEG_ID = "assignment_keg_id";
    /** {@link #PENDING} or {@link #APPLIED}. */
    public static final String STATUS = "assignment_status";
    /** {@link #CLOUD} (KegAssigner) or {@link #SCALE} (the scale's own keg, adopted). */
    public static final String SOURCE = "assignment_source";
    /** RFC 3339 instant the cloud made the request (cloud), or of the reading that showed the scale's keg. */
    public static final String REQUESTED_AT = "assignment_requested_at";
    public static final String REQUESTED_AT_MS = "assignment_requested_at_ms";
    /** The assign_keg command_id every send carries (cloud only). */
    public static final String COMMAND_ID = "assignment_command_id";
    /** Specific gravity sent with the command (cloud only): the keg's sg at assignment. */
    public static final String SG = "assignment_sg";
    /**
     * {@code true} when the cloud's assignment says the keg is new and full from the brewery (cloud
     * only; absent otherwise): every send of the command carries {@code args.full = "true"}.
     */
    public static final String FULL = "assignment_full";
    /** RFC 3339 instant of the first reading that carried the keg (applied only). */
    public static final String APPLIED_AT = "assignment_applied_at";
    /**
     * Epoch ms (reading time) from which the tap's current state holds on the scale: the first
     * reading carrying an applied cloud keg, the reading that showed the scale's own keg or no
     * keg. Absent while a cloud request is pending. Ingestion's writes are newer-only on it.
     */
    public static final String AT_MS = "assignment_at_ms";
    /** How often the re-send check sent the command, and when it last did. */
    public static final String SENDS = "assignment_sends";
    public static final String LAST_SENT_AT = "assignment_last_sent_at";
    /** RFC 3339 instant of the reading that showed the scale holding a keg it cannot name (after a swap). */
    public static final String UNASSIGNED_AT = "unassigned_at";

    public static final String PENDING = "pending";
    public static final String APPLIED = "applied";
    public static final String CLOUD = "cloud";
    public static final String SCALE = "scale";

    private AssignmentAttrs() {
    }
}
