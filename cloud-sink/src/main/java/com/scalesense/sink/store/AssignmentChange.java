package com.scalesense.sink.store;

/**
 * What a batch tells about the keg on its tap (docs/data-model.md, "Keg assignment"), written
 * to the tap's config item with a condition that makes it exactly-once and order-independent.
 */
public sealed interface AssignmentChange {

    String locId();

    String tapNumber();

    /** Reading time, epoch ms, the change holds from. */
    long atMs();

    /**
     * The scale's readings carry the keg of the pending (or applied) cloud assignment: applied,
     * from the earliest such reading (an earlier one arriving later moves it back).
     */
    record Applied(String locId, String tapNumber, String kegId, long atMs) implements AssignmentChange {
    }

    /**
     * The scale reports a keg the cloud does not hold, newer than the tap's assignment took effect
     * (a technician's {@code scale-cal keg assign}): the cloud adopts it, its META giving beer and weights.
     */
    record Adopted(String locId, String tapNumber, KegFacts keg, long atMs) implements AssignmentChange {
    }

    /**
     * The scale names no keg any more, newer than the tap's assignment took effect (it noticed a keg
     * swap by itself): the tap holds a new keg, not yet assigned.
     */
    record Unassigned(String locId, String tapNumber, long atMs) implements AssignmentChange {
    }
}
