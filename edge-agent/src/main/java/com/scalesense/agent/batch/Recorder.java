package com.scalesense.agent.batch;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Timestamps;
import com.scalesense.protocol.Violation;
import com.scalesense.protocol.WireCodec;
import java.util.List;

/**
 * The pipeline's door to the outbox: checks a reading or event against the protocol once, here,
 * encodes it with the {@link WireCodec} and appends it durably. When a call returns the record
 * survives a power cut and will be sent in exactly one batch (or dropped and counted if the
 * outbox overflows).
 */
public final class Recorder {

    private final Outbox outbox;
    private final WireCodec codec;
    private final MessageValidator validator = new MessageValidator();

    public Recorder(Outbox outbox, WireCodec codec) {
        this.outbox = outbox;
        this.codec = codec;
    }

    /**
     * Stores a reading.
     *
     * @param monoMs the monotonic clock when it was taken, ms (see {@code MonotonicClock})
     * @throws InvalidRecordException naming each broken rule; nothing is stored
     */
    public long record(BatchContext ctx, Reading reading, long monoMs) {
        check("reading", probe(ctx, reading.timestampMs(), List.of(reading), List.of()), reading.clockSynced(), false);
        return outbox.append(new OutboxEntry(EntryKind.READING, ctx.group(), monoMs, codec.encode(reading)));
    }

    /** Stores an event; like {@link #record(BatchContext, Reading, long)}. */
    public long record(BatchContext ctx, DeviceEvent event, long monoMs) {
        check("event " + event.getClass().getSimpleName(), probe(ctx, event.timestampMs(), List.of(), List.of(event)),
                event.clockSynced(), true);
        return outbox.append(new OutboxEntry(EntryKind.EVENT, ctx.group(), monoMs, codec.encode(event)));
    }

    /** A one-record batch, so the protocol's own rules judge the record and its context. */
    private static ReadingsBatch probe(BatchContext ctx, long ts, List<Reading> readings, List<DeviceEvent> events) {
        long at = Timestamps.clamp(ts);
        String id = ctx.bootId().length() == 36 && ctx.hardwareId().length() == 17
                ? new BatchId(ctx.hardwareId(), ctx.bootId(), at, at).toString() : "";
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, ctx.hardwareId(), ctx.deviceId(), ctx.bootId(),
                ctx.firmwareVersion(), id, ctx.locId(), ctx.tapId(), ctx.kegId(), readings, events);
    }

    /**
     * A time taken before time sync may be anything (1970 without fake-hwclock): the batcher
     * re-stamps or clamps it, so only then are the timestamp_ms rules and the range rule of every
     * other time (a pour's start_ms and end_ms) waived; a pour that starts after it ends is not.
     * An event alone is no batch.
     */
    private void check(String what, ReadingsBatch probe, boolean clockSynced, boolean event) {
        List<Violation> violations = validator.check(probe).stream()
                .filter(v -> clockSynced || !(v.field().endsWith("timestamp_ms")
                        || v.rule().equals(MessageValidator.TIMESTAMP_RULE)))
                .filter(v -> !event || !v.field().equals("readings"))
                .toList();
        if (!violations.isEmpty()) {
            throw new InvalidRecordException(what, violations);
        }
    }
}
