package com.scalesense.agent.scale;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.batch.Recorder;
import com.scalesense.agent.batch.SealNow;
import com.scalesense.agent.clock.MonotonicClock;
import com.scalesense.agent.pipeline.PipelineListener;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline's listener: every reading and event goes to the outbox through the {@link Recorder}
 * (durable when the call returns), under the batch context of the keg on the tap at that moment.
 * A record the outbox refuses is logged and counted, never retried in a loop: the sampling thread
 * must keep sampling. A record the outbox took whose {@link Accepted} hook then failed is safe
 * and will be sent; it is counted apart ({@link #acceptedNotTold()}), not as refused.
 */
public final class OutboxSink implements PipelineListener {

    private static final Logger LOG = LoggerFactory.getLogger(OutboxSink.class);

    /** Told of each record once the outbox holds it durably, with the context it was stored under. */
    public interface Accepted {

        /** Tells nobody. */
        Accepted NONE = new Accepted() {
            @Override
            public void reading(BatchContext ctx, Reading reading) {
            }

            @Override
            public void event(BatchContext ctx, DeviceEvent event) {
            }
        };

        void reading(BatchContext ctx, Reading reading);

        void event(BatchContext ctx, DeviceEvent event);

        /** Tells {@code first}, then {@code second}; NONE is left out. */
        static Accepted both(Accepted first, Accepted second) {
            if (first == NONE) {
                return second;
            }
            if (second == NONE) {
                return first;
            }
            return new Accepted() {
                @Override
                public void reading(BatchContext ctx, Reading reading) {
                    first.reading(ctx, reading);
                    second.reading(ctx, reading);
                }

                @Override
                public void event(BatchContext ctx, DeviceEvent event) {
                    first.event(ctx, event);
                    second.event(ctx, event);
                }
            };
        }
    }

    private final Recorder recorder;
    private final Supplier<BatchContext> context;
    private final MonotonicClock mono;
    private final Accepted accepted;
    private final SealNow sealNow;
    private final AtomicLong readings = new AtomicLong();
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong acceptedNotTold = new AtomicLong();
    private volatile String lastError;

    /**
     * @param context  the batch context now (its keg_id follows the keg assignment)
     * @param accepted told of each reading and event once it is durable (test hook)
     */
    public OutboxSink(Recorder recorder, Supplier<BatchContext> context, MonotonicClock mono, Accepted accepted) {
        this(recorder, context, mono, accepted, new SealNow());
    }

    /** @param sealNow told of each reading that must go out at once (the low-keg proof), once it is durable (the batcher's) */
    public OutboxSink(Recorder recorder, Supplier<BatchContext> context, MonotonicClock mono, Accepted accepted,
                      SealNow sealNow) {
        this.sealNow = sealNow;
        this.recorder = recorder;
        this.context = context;
        this.mono = mono;
        this.accepted = accepted;
    }

    @Override
    public void onReading(Reading reading) {
        store("reading at " + reading.timestampMs(), readings, ctx -> recorder.record(ctx, reading, mono.monoMs()),
                ctx -> accepted.reading(ctx, reading));
    }

    /** As {@link #onReading}, and the batcher seals its batch at its next tick (the low-keg alert waits for it). */
    @Override
    public void onReadingAtOnce(Reading reading) {
        store("reading at " + reading.timestampMs(), readings,
                ctx -> sealNow.through(recorder.record(ctx, reading, mono.monoMs())), ctx -> accepted.reading(ctx, reading));
    }

    @Override
    public void onEvent(DeviceEvent event) {
        store(event.getClass().getSimpleName() + " at " + event.timestampMs(), events,
                ctx -> recorder.record(ctx, event, mono.monoMs()), ctx -> accepted.event(ctx, event));
    }

    /**
     * Appends one record under the context now, then tells the hook. Once the append returned the
     * record is durable and will be sent: a failing hook must not make it look refused.
     */
    private void store(String what, AtomicLong stored, Consumer<BatchContext> append, Consumer<BatchContext> tell) {
        BatchContext ctx;
        try {
            ctx = context.get();
            append.accept(ctx);
        } catch (RuntimeException e) {
            refused.incrementAndGet();
            lastError = what + " not stored: " + e.getMessage();
            LOG.error("{} not stored in the outbox", what, e);
            return;
        }
        stored.incrementAndGet();
        try {
            tell.accept(ctx);
        } catch (RuntimeException e) {
            acceptedNotTold.incrementAndGet();
            lastError = what + " stored, but the accepted hook was not told: " + e.getMessage();
            LOG.error("{} stored in the outbox; telling the accepted hook failed", what, e);
        }
    }

    public long readings() {
        return readings.get();
    }

    public long events() {
        return events.get();
    }

    public long refused() {
        return refused.get();
    }

    /** Records the outbox holds that the {@link Accepted} hook could not be told of. */
    public long acceptedNotTold() {
        return acceptedNotTold.get();
    }

    public String lastError() {
        return lastError;
    }
}
