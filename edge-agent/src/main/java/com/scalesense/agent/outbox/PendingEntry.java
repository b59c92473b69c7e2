package com.scalesense.agent.outbox;

import java.util.Objects;

/**
 * An entry that is durable in the outbox and not yet sealed into a batch.
 *
 * @param seq   outbox sequence number: strictly increasing in append order, never reused
 * @param entry the entry as appended
 */
public record PendingEntry(long seq, OutboxEntry entry) {

    public PendingEntry {
        Objects.requireNonNull(entry, "entry must not be null.");
    }
}
