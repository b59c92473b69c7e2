package com.scalesense.sink.rejection;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The held batches of the quarantine ({@link Rejections#hold}), as the replay reads and settles them. */
public interface HeldBatches {

    /** Outcome recorded for a held batch the replay let in. */
    String ACCEPTED = "accepted";
    /** Outcome recorded for a held batch whose batch marker was already there (let in before). */
    String DUPLICATE = "duplicate";

    /** The device's batches still held, oldest first, at most {@code limit}. */
    List<HeldBatch> held(String deviceId, int limit);

    /** The sweep's work list: device_id to its count of holds so far, at most {@code limit} devices. */
    Map<String, Long> devicesHolding(int limit);

    /**
     * Marks a held batch let in ({@link #ACCEPTED} or {@link #DUPLICATE}): the record stays for the
     * runbook, the payload goes.
     *
     * @return false when it was no longer held (another replay settled it first)
     */
    boolean replayed(HeldBatch batch, String outcome, Instant at);

    /** Keeps a held batch held, payload and all, with the rule and reason of its latest refusal. */
    void stillRefused(HeldBatch batch, String rule, String reason, Instant at);

    /** Drops the device from the work list unless it held another batch since its count read {@code holds}. */
    void forgetDevice(String deviceId, long holds);
}
