package com.scalesense.agent.outbox;

import java.util.Arrays;
import java.util.Objects;

/**
 * One reading or event handed to the outbox, before it has a sequence number.
 *
 * @param kind   reading or event
 * @param group  opaque batch context (the batcher's encoding of hardware, boot, tap and keg);
 *               readings of different groups never share a batch
 * @param monoMs monotonic clock of the boot that took it, milliseconds; lets a timestamp taken
 *               before time sync be corrected later
 * @param body   the encoded protocol record (WireCodec JSON), not empty
 */
public record OutboxEntry(EntryKind kind, String group, long monoMs, byte[] body) {

    public OutboxEntry {
        Objects.requireNonNull(kind, "kind must not be null.");
        Objects.requireNonNull(group, "group must not be null.");
        Objects.requireNonNull(body, "body must not be null.");
        if (body.length == 0) {
            throw new IllegalArgumentException("body must not be empty.");
        }
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /** Size of the body in bytes, without copying it. */
    public int bodySize() {
        return body.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OutboxEntry e && kind == e.kind && group.equals(e.group) && monoMs == e.monoMs
                && Arrays.equals(body, e.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, group, monoMs, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "OutboxEntry[" + kind + ", group=" + group + ", monoMs=" + monoMs + ", " + body.length + " bytes]";
    }
}
