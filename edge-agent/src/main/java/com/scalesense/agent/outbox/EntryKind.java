package com.scalesense.agent.outbox;

/** What an outbox entry holds; a batch needs at least one reading, events ride along. */
public enum EntryKind {
    /** An encoded protocol {@code Reading}. */
    READING,
    /** An encoded protocol {@code DeviceEvent}. */
    EVENT
}
