package com.scalesense.agent.batch;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Outbox entries the {@link Batcher} seals at its next tick, whatever {@code batch.max_delay} says:
 * every pending entry up to a sequence number. Raised for the reading the cloud's low-keg alert
 * waits for (issue 18, {@code pipeline.LowKegRule}). Thread-safe: the sampling thread raises it
 * after the entry is durable, the scheduler's tick reads it. Held in memory only: after a restart
 * every entry of an earlier boot is sealed at once anyway.
 */
public final class SealNow {

    private final AtomicLong through = new AtomicLong(Long.MIN_VALUE);

    /** Seal every pending entry with a sequence number up to {@code seq} at the next tick. */
    public void through(long seq) {
        through.accumulateAndGet(seq, Math::max);
    }

    /** The highest sequence number asked for, or {@code Long.MIN_VALUE} before any. */
    public long through() {
        return through.get();
    }
}
