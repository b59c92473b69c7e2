package com.scalesense.demo;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Bounded waits of the demo's main thread: every wait has a limit and names what it waited for. */
final class Waits {

    private static final long POLL_NANOS = 50_000_000L;

    private Waits() {
    }

    /**
     * @throws NotSettledException if {@code condition} is still false after {@code limit} (real time)
     * @throws StoppedException    if the demo is stopped by a signal meanwhile
     */
    static void until(BooleanSupplier condition, Duration limit, String what) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            SignalStop.checkNotStopped();
            if (System.nanoTime() - deadline > 0) {
                throw new NotSettledException(what, limit);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
