package com.scalesense.agent.outbox;

import java.util.List;

/**
 * The publishing side of the outbox: sealed batches in order, removed only after PUBACK
 * (peek, publish, acknowledge: at-least-once; the batch_id makes it effectively-once at the sink).
 */
public interface BatchQueue {

    /** Up to {@code max} of the oldest sealed batches not yet acknowledged, oldest first. */
    List<SealedBatch> oldest(int max);

    /** Removes a batch after the broker acknowledged it; unknown ids are ignored (a retry after a crash). */
    void acknowledge(String batchId);
}
