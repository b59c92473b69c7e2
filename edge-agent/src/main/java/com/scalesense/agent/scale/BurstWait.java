package com.scalesense.agent.scale;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How the sampling thread waits between two bursts (issue 18): until the burst period has passed
 * or until it is woken (a task in its lane, a tap attached, a stop), whichever comes first. A wake
 * that comes before the wait is not lost: the next wait returns at once.
 */
public interface BurstWait {

    /** Returns after {@code nanos}, or sooner once {@link #wake()} was called since the last return. */
    void await(long nanos) throws InterruptedException;

    /** Ends the current wait, or the next one if none is under way. */
    void wake();

    /** The production wait: a condition with a timeout on the monotonic clock. */
    static BurstWait timed() {
        return new Timed();
    }

    /** A lock, a condition and a flag, so that a wake between two waits is kept for the next. */
    final class Timed implements BurstWait {

        private final ReentrantLock lock = new ReentrantLock();
        private final Condition woken = lock.newCondition();
        private boolean wakeUp;

        private Timed() {
        }

        @Override
        public void await(long nanos) throws InterruptedException {
            lock.lockInterruptibly();
            try {
                long left = nanos;
                while (!wakeUp && left > 0) {
                    left = woken.awaitNanos(left);
                }
                wakeUp = false;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void wake() {
            lock.lock();
            try {
                wakeUp = true;
                woken.signal();
            } finally {
                lock.unlock();
            }
        }
    }
}
