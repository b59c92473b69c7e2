package com.scalesense.agent.scale;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link BurstWait} whose burst periods pass only when the test says so ({@link #elapse()}); a
 * {@link #wake()} ends a wait as in production. So a test knows when the sampling thread waits and
 * what ended each wait, however busy the machine is. A wait nobody ends fails after 30 s.
 */
final class SteppedWait implements BurstWait {

    private boolean woken;
    private boolean elapsed;
    private int waits;
    private int endedByTime;
    private final List<Long> periods = new ArrayList<>();

    @Override
    public synchronized void await(long nanos) throws InterruptedException {
        waits++;
        periods.add(nanos);
        for (int i = 0; i < 30 && !woken && !elapsed; i++) {
            wait(1_000);
        }
        if (!woken && !elapsed) {
            throw new IllegalStateException("the test neither woke the sampling thread nor let a burst period pass");
        }
        if (!woken) {
            endedByTime++;
        }
        woken = false;
        elapsed = false;
    }

    @Override
    public synchronized void wake() {
        woken = true;
        notifyAll();
    }

    /** Lets the burst period under way (or the next) pass. */
    synchronized void elapse() {
        elapsed = true;
        notifyAll();
    }

    /** Waits begun so far (the sampling thread is in the last one until it ends). */
    synchronized int waits() {
        return waits;
    }

    /** The period each wait begun so far was asked for, ns, in order. */
    synchronized List<Long> periods() {
        return List.copyOf(periods);
    }

    /** Waits that a burst period ended, not a wake. */
    synchronized int endedByTime() {
        return endedByTime;
    }
}
