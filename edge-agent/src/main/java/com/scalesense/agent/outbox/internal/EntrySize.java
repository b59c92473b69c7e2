package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.EntryTooLargeException;
import com.scalesense.agent.outbox.OutboxEntry;
import java.util.List;

/** The one size rule of an entry, shared by the outbox engines. */
final class EntrySize {

    private EntrySize() {
    }

    /**
     * Refuses the whole list if one entry's body and group together exceed half the bound: an
     * entry must leave room for the rest of the store (schema or journal, and a sealed batch).
     */
    static void requireFits(List<OutboxEntry> entries, long maxBytes) {
        for (OutboxEntry e : entries) {
            if (e.bodySize() + e.group().length() > maxBytes / 2) {
                throw new EntryTooLargeException(e.bodySize() + e.group().length(), maxBytes / 2);
            }
        }
    }
}
