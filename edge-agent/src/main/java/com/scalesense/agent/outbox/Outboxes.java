package com.scalesense.agent.outbox;

import com.scalesense.agent.outbox.internal.JournalOutbox;
import java.time.Clock;

/**
 * The public openers of the outbox file, so no code outside {@code outbox} names its
 * implementation (the journal in {@code outbox.internal}). The agent, the demo and {@code scale-cal}
 * open it here.
 */
public final class Outboxes {

    private Outboxes() {
    }

    /**
     * Opens (or creates) the outbox journal at {@code config.file()}; a damaged file is moved aside,
     * never blocks start-up. If the SQLite outbox of earlier versions ({@link OutboxConfig#legacyFile()})
     * exists, its unsent content is migrated first, durably, and it is renamed
     * {@code outbox.db.migrated-<UTC stamp>}. The caller holds the state directory's lock
     * ({@code store.StateDirLock}).
     *
     * @param clock stamps the name of a file moved aside
     */
    public static Outbox open(OutboxConfig config, Clock clock) {
        return JournalOutbox.open(config, clock);
    }

    /**
     * What a stopped agent's outbox holds, read without writing a byte: for a technician in the
     * service group, who may read the file but not write in the agent's directory. If only the
     * legacy SQLite file exists (not yet migrated), that one is read. The caller must hold the
     * state directory's lock (shared), so no writer runs.
     *
     * @throws OutboxStorageException when the file cannot be read
     */
    public static OutboxStatus readStatus(OutboxConfig config) {
        return JournalOutbox.readStatus(config);
    }
}
