package com.scalesense.agent.batch;

import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import java.util.List;
import java.util.OptionalLong;

/** A real outbox that counts how often its pending entries are read (the batcher's per-tick cost). */
final class CountingOutbox implements Outbox {

    private final Outbox real;
    int pendingReads;
    /** Runs once right after the next read of the pending entries: another thread's append landing then. */
    Runnable afterNextPendingRead;

    CountingOutbox(Outbox real) {
        this.real = real;
    }

    @Override
    public List<Long> appendAll(List<OutboxEntry> entries) {
        return real.appendAll(entries);
    }

    @Override
    public List<PendingEntry> pending(int max) {
        pendingReads++;
        List<PendingEntry> read = real.pending(max);
        Runnable then = afterNextPendingRead;
        afterNextPendingRead = null;
        if (then != null) {
            then.run();
        }
        return read;
    }

    @Override
    public SealedBatch seal(SealRequest request) {
        return real.seal(request);
    }

    @Override
    public OptionalLong lastWindowEnd(String bootId) {
        return real.lastWindowEnd(bootId);
    }

    @Override
    public OutboxStatus status() {
        return real.status();
    }

    @Override
    public List<SealedBatch> oldest(int max) {
        return real.oldest(max);
    }

    @Override
    public void acknowledge(String batchId) {
        real.acknowledge(batchId);
    }

    @Override
    public void close() {
        real.close();
    }
}
