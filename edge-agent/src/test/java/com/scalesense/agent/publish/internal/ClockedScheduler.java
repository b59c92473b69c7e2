package com.scalesense.agent.publish.internal;

import java.time.Duration;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler on injected time: a task runs when the test {@link #advance}s the clock past its due
 * time, in due order, on the test's thread. Only {@code schedule(Runnable, long, TimeUnit)} is
 * supported: it is all ReconnectingSession uses.
 */
final class ClockedScheduler extends ScheduledThreadPoolExecutor {

    private record Task(long dueNanos, long seq, Runnable body) {
    }

    private final PriorityQueue<Task> tasks = new PriorityQueue<>(
            Comparator.comparingLong(Task::dueNanos).thenComparingLong(Task::seq));
    private long nowNanos;
    private long seq;

    ClockedScheduler() {
        super(0);
    }

    @Override
    public synchronized ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
        tasks.add(new Task(nowNanos + unit.toNanos(delay), seq++, task));
        return null;
    }

    /** The injected monotonic time, nanoseconds. */
    synchronized long nanos() {
        return nowNanos;
    }

    /** Moves time on by {@code step}, running every task that falls due, also ones scheduled meanwhile. */
    void advance(Duration step) {
        long until;
        synchronized (this) {
            until = nowNanos + step.toNanos();
        }
        while (true) {
            Task next;
            synchronized (this) {
                next = tasks.peek();
                if (next == null || next.dueNanos() > until) {
                    nowNanos = until;
                    return;
                }
                tasks.poll();
                nowNanos = Math.max(nowNanos, next.dueNanos());
            }
            next.body().run();
        }
    }
}
