package com.scalesense.agent.batch;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.RecordHeader;
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
        check("reading", validator.check(header(ctx), reading));
        return outbox.append(new OutboxEntry(EntryKind.READING, ctx.group(), monoMs, codec.encode(reading)));
    }

    /** Stores an event; like {@link #record(BatchContext, Reading, long)}. */
    public long record(BatchContext ctx, DeviceEvent event, long monoMs) {
        check("event " + event.getClass().getSimpleName(), validator.check(header(ctx), event));
        return outbox.append(new OutboxEntry(EntryKind.EVENT, ctx.group(), monoMs, codec.encode(event)));
    }

    /**
     * The header the record will be batched under. The protocol judges the record with it; a time
     * taken before time sync may be anything (1970 without fake-hwclock), so its range is waived
     * there: the batcher re-stamps or clamps it.
     */
    private static RecordHeader header(BatchContext ctx) {
        return new RecordHeader(ctx.hardwareId(), ctx.deviceId(), ctx.bootId(), ctx.firmwareVersion(), ctx.locId(),
                ctx.tapId(), ctx.kegId());
    }

    private static void check(String what, List<Violation> violations) {
        if (!violations.isEmpty()) {
            throw new InvalidRecordException(what, violations);
        }
    }
}
