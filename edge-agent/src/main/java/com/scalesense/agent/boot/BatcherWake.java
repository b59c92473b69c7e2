package com.scalesense.agent.boot;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the batcher's tick on the agent's scheduler as soon as something may have made a batch due:
 * a record the outbox took (a keg's first reading, an event that seals at once, the low-keg proof)
 * or a batch the broker acknowledged (room in the sealed backlog). Wake-ups that come while one is
 * queued are one tick; one that comes while a tick runs queues the next, so none is lost. What only
 * time makes due ({@code batch.max_delay}, a time sync) waits for the scheduler's slower heartbeat
 * tick: a quiet agent's scheduler then wakes every few seconds, not every second (issue 18: each
 * wake-up of a quiet machine costs about 2 ms of CPU, measured in docs/operations.md).
 * Thread-safe: the sampling thread and the uplink's threads call {@link #run()}.
 */
final class BatcherWake implements Runnable {

    private final Executor scheduler;
    private final Runnable tick;
    private final AtomicBoolean queued = new AtomicBoolean();

    /** @param scheduler the single thread the batcher's ticks run on; {@code tick} one tick */
    BatcherWake(Executor scheduler, Runnable tick) {
        this.scheduler = scheduler;
        this.tick = tick;
    }

    @Override
    public void run() {
        if (!queued.compareAndSet(false, true)) {
            return;
        }
        try {
            scheduler.execute(() -> {
                queued.set(false); // before the tick: what comes during it queues the next one
                tick.run();
            });
        } catch (RejectedExecutionException stopping) {
            queued.set(false); // the agent is closing: its shutdown seals what is pending
        }
    }
}
