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
     * Periodic readings wait up to 8 minutes (bulk: about 8 readings a batch at one a minute, where
     * 60 s gave 2, each batch paying the sink's fixed writes, issue 18); events do not wait at all
     * ({@link Batcher}). 8 minutes, not more: the sink's offline check (seed 000 location settings,
     * {@code offline_after_secs} 900) sees a device only through {@code devices.last_seen_at},
     * which a batch refreshes only when it is 5 minutes old (sink {@code LatestState}). A batch
     * just under 5 minutes after a refresh leaves it; the next comes up to max delay + one reading
     * interval (60 s) later: 5 + 8 + 1 = 14 minutes, under 15 with a minute for a retry.
     */
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofMinutes(8);

    /** 100 readings, 8 min delay, 10 min wait for time sync, 8 batches in flight. */
    public static BatcherConfig defaults() {
        return new BatcherConfig(MAX_READINGS, DEFAULT_MAX_DELAY, Duration.ofMinutes(10), 8);
    }
}
