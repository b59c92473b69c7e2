package com.scalesense.agent.outbox;

import java.util.List;
import java.util.OptionalLong;

/**
 * The agent's durable buffer between the measurement pipeline and MQTT.
 *
 * <p>Guarantees: when {@link #append} returns, the entry is on stable storage (it survives a
 * power cut) and nothing else has changed. {@link #seal} moves pending entries into one sealed
 * batch in a single transaction: after any crash either all of them are still pending or the
 * batch exists with exactly the id and bytes it was sealed with. Sealed batches are handed out
 * oldest first until {@link #acknowledge}d. The store never grows past its configured bound:
 * the oldest unsealed entries are dropped (and counted) to make room, appends never wait.
 * Implementations are thread-safe.
 */
public interface Outbox extends BatchQueue, AutoCloseable {

    /**
     * Appends one entry durably.
     *
     * @return its sequence number
     * @throws EntryTooLargeException if the entry alone could never fit the bound
     */
    default long append(OutboxEntry entry) {
        return appendAll(List.of(entry)).get(0);
    }

    /** Appends entries durably in one transaction (all or none); returns their sequence numbers in order. */
    List<Long> appendAll(List<OutboxEntry> entries);

    /** Up to {@code max} of the oldest pending entries, oldest first. */
    List<PendingEntry> pending(int max);

    /**
     * Seals a batch atomically: removes the pending entries, stores the batch, records the window end.
     *
     * @throws SealConflictException      if some of the entries were dropped meanwhile (nothing changed)
     * @throws WindowNotIncreasingException if the window end does not exceed the boot's last one
     * @throws DuplicateBatchIdException  if a batch with that id is already stored
     */
    SealedBatch seal(SealRequest request);

    /** End of the last window sealed for this boot, epoch ms, or empty if none was. */
    OptionalLong lastWindowEnd(String bootId);

    /** A consistent snapshot of counters and sizes. */
    OutboxStatus status();

    @Override
    void close();
}
