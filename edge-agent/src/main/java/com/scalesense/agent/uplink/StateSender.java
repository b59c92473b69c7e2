package com.scalesense.agent.uplink;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.publish.Publisher;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the tap's state at once after an event (issue 18): when the outbox has durably taken an
 * event (a pour's end, a keg swap, a tare, a sensor fault) and then the reading the pipeline takes
 * with it, that reading and the event go out as a one-reading {@link ReadingsBatch} on
 * {@code scalesense/v1/{device_id}/state}. The sink writes {@code TAP#STATE} from it and nothing
 * else; the same records travel again, durably, in their batch, which may so wait for
 * {@code batch.max_delay} without a bar waiting for its pour.
 *
 * <p>Best effort by design: sent only while connected, QoS 1, never stored, never retried (a
 * state the broker did not take is superseded by the batch). Readings taken before time sync are
 * not sent (the sink never takes them as latest). Called on the sampling thread; publishing is
 * asynchronous, so it never waits for the network. Thread-safe.
 */
public final class StateSender {

    private static final Logger LOG = LoggerFactory.getLogger(StateSender.class);

    private final WireCodec codec;
    private final MessageValidator validator = new MessageValidator();
    private final List<DeviceEvent> events = new ArrayList<>(); // guarded by this
    private volatile Publisher publisher;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acked = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();

    public StateSender(WireCodec codec) {
        this.codec = codec;
    }

    /** From now on states go through {@code publisher} (the uplink's connection). */
    public void attach(Publisher publisher) {
        this.publisher = publisher;
    }

    /** The outbox took {@code event}: the next reading goes out as the tap's state. */
    public synchronized void event(BatchContext ctx, DeviceEvent event) {
        events.add(event);
    }

    /** The outbox took {@code reading}: sends it with the events before it, if there were any. */
    public void reading(BatchContext ctx, Reading reading) {
        List<DeviceEvent> with;
        synchronized (this) {
            if (events.isEmpty()) {
                return;
            }
            with = List.copyOf(events);
            events.clear();
        }
        Publisher p = publisher;
        if (p == null || !p.isConnected() || !reading.clockSynced()) {
            skipped.incrementAndGet();
            return;
        }
        try {
            ReadingsBatch state = stateOf(ctx, reading, with);
            validator.requireValid(state);
            sent.incrementAndGet();
            p.publish(Topics.state(ctx.deviceId()), codec.encode(state)).whenComplete((ok, error) -> {
                if (error == null) {
                    acked.incrementAndGet();
                }
            });
        } catch (RuntimeException e) {
            // The batch carries the same records: a state that cannot be sent costs freshness only.
            skipped.incrementAndGet();
            LOG.warn("tap state at {} not sent: {}", reading.timestampMs(), e.toString());
        }
    }

    /** One reading with its events; the window spans them (an event may start before its reading, a pour). */
    static ReadingsBatch stateOf(BatchContext ctx, Reading reading, List<DeviceEvent> events) {
        long start = reading.timestampMs();
        for (DeviceEvent e : events) {
            start = Math.min(start, e.timestampMs());
        }
        String id = new BatchId(ctx.hardwareId(), ctx.bootId(), start, reading.timestampMs()).toString();
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, ctx.hardwareId(), ctx.deviceId(), ctx.bootId(),
                ctx.firmwareVersion(), id, ctx.locId(), ctx.tapId(), ctx.kegId(), List.of(reading), events);
    }

    /** States handed to the publisher. */
    public long sent() {
        return sent.get();
    }

    /** States the broker acknowledged. */
    public long acked() {
        return acked.get();
    }

    /** States not sent: disconnected, not yet time-synced, or refused by the protocol check. */
    public long skipped() {
        return skipped.get();
    }
}
