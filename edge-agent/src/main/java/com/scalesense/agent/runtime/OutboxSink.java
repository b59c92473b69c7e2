package com.scalesense.agent.runtime;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.batch.Recorder;
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
 * must keep sampling.
 */
final class OutboxSink implements PipelineListener {

    private static final Logger LOG = LoggerFactory.getLogger(OutboxSink.class);

    private final Recorder recorder;
    private final Supplier<BatchContext> context;
    private final MonotonicClock mono;
    private final Consumer<Reading> accepted;
    private final AtomicLong readings = new AtomicLong();
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private volatile String lastError;

    /**
     * @param context  the batch context now (its keg_id follows the keg assignment)
     * @param accepted told of each reading once it is durable (status, test hook)
     */
    OutboxSink(Recorder recorder, Supplier<BatchContext> context, MonotonicClock mono, Consumer<Reading> accepted) {
        this.recorder = recorder;
        this.context = context;
        this.mono = mono;
        this.accepted = accepted;
    }

    @Override
    public void onReading(Reading reading) {
        try {
            recorder.record(context.get(), reading, mono.monoMs());
            readings.incrementAndGet();
            accepted.accept(reading);
        } catch (RuntimeException e) {
            refuse("reading at " + reading.timestampMs(), e);
        }
    }

    @Override
    public void onEvent(DeviceEvent event) {
        try {
            recorder.record(context.get(), event, mono.monoMs());
            events.incrementAndGet();
        } catch (RuntimeException e) {
            refuse(event.getClass().getSimpleName() + " at " + event.timestampMs(), e);
        }
    }

    long readings() {
        return readings.get();
    }

    long events() {
        return events.get();
    }

    long refused() {
        return refused.get();
    }

    String lastError() {
        return lastError;
    }

    private void refuse(String what, RuntimeException e) {
        refused.incrementAndGet();
        lastError = what + " not stored: " + e.getMessage();
        LOG.error("{} not stored in the outbox", what, e);
    }
}
