package com.scalesense.agent.batch;

import java.time.Duration;
import java.util.Objects;

/**
 * When the batcher seals.
 *
 * @param maxReadings    readings per batch, 1..100 (seed 001: batch size 1-100)
 * @param maxDelay       seal once the oldest pending entry is this old: how long periodic readings may
 *                       wait to share a batch (an event seals its batch at once, whatever this is)
 * @param unsyncedHold   how long readings taken before time sync wait for it (to be re-stamped)
 *                       before they are sent as they are, flagged clock_synced=false
 * @param sealedBacklog  stop sealing while this many sealed batches await PUBACK: offline, data
 *                       stays unsealed, where the outbox bound drops the oldest readings first
 */
public record BatcherConfig(int maxReadings, Duration maxDelay, Duration unsyncedHold, int sealedBacklog) {

    /** Seed 001's largest batch. */
    public static final int MAX_READINGS = 100;

    /** Longest batch.max_delay: the sink's check of silent scales (5 h) must stay above it plus the 2 h its last_seen_at may lag. */
    public static final Duration MAX_MAX_DELAY = Duration.ofHours(2);

    public BatcherConfig {
        Objects.requireNonNull(maxDelay, "batch.max_delay must not be null.");
        Objects.requireNonNull(unsyncedHold, "batch.unsynced_hold must not be null.");
        if (maxReadings < 1 || maxReadings > MAX_READINGS) {
            throw new IllegalArgumentException("batch.max_readings must be 1.." + MAX_READINGS + ", was " + maxReadings + ".");
        }
        if (maxDelay.isNegative() || unsyncedHold.isNegative()) {
            throw new IllegalArgumentException("batch.max_delay and batch.unsynced_hold must not be negative, were "
                    + maxDelay + " and " + unsyncedHold + ".");
        }
        if (sealedBacklog < 1) {
            throw new IllegalArgumentException("batch.sealed_backlog must be at least 1, was " + sealedBacklog + ".");
        }
    }

    /**
     * Periodic readings and pours wait up to 2 hours, so a batch fills to its 100 readings first at
     * one reading a minute (about 95 minutes with a busy bar's pours): each batch pays the sink's
     * fixed writes, and 100 readings share them (issue 18: 1.2 write units per reading). A keg swap,
     * a tare or a sensor fault seals at once ({@link Batcher}); a pour's end reaches the cloud at once
     * beside the outbox ({@code uplink.StateSender}). The sink tells a scale offline from the
     * broker's connect and disconnect events, not from batch traffic, so batches may be this far
     * apart; its check of silent but connected scales waits 5 hours (cloud-sink
     * {@code OfflineCheckHandler}), above this bound plus the 2 hours {@code last_seen_at} may lag.
     */
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofHours(2);

    /** 100 readings, 2 h delay, 10 min wait for time sync, 8 batches in flight. */
    public static BatcherConfig defaults() {
        return new BatcherConfig(MAX_READINGS, DEFAULT_MAX_DELAY, Duration.ofMinutes(10), 8);
    }
}
