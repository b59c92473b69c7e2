package com.scalesense.agent.publish.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler whose tasks run only when the test says so; it records each requested delay.
 * Only {@code schedule(Runnable, long, TimeUnit)} is supported: it is all ReconnectingSession uses.
 */
final class SteppedScheduler extends ScheduledThreadPoolExecutor {

    private final Queue<Runnable> due = new ArrayDeque<>();
    private final List<Duration> delays = new ArrayList<>();

    SteppedScheduler() {
        super(0);
    }

    @Override
    public synchronized ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
        delays.add(Duration.ofNanos(unit.toNanos(delay)));
        due.add(task);
        return null;
    }

    /** Runs the oldest scheduled task, whatever its delay; false if none is waiting. */
    boolean runNext() {
        Runnable next;
        synchronized (this) {
            next = due.poll();
        }
        if (next == null) {
            return false;
        }
        next.run();
        return true;
    }

    synchronized List<Duration> delays() {
        return List.copyOf(delays);
    }

    synchronized int waiting() {
        return due.size();
    }
}
