package com.scalesense.hal.emulator.internal;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Applies what happens between PD_SCK edges (conversions completing, a power-down once PD_SCK has
 * been high for 60 µs) by advancing the model at its next event, on a daemon thread.
 */
public final class ChipTicker implements Runnable {

    /** Sleeps at most this long (2 ms), so a conversion clock faster than real time is followed. */
    private static final long MAX_SLEEP_NANOS = 2_000_000;
    /** Sleeps at least this long (20 µs), so an overdue event cannot make the ticker spin. */
    private static final long MIN_SLEEP_NANOS = 20_000;

    private final ChipModel model;
    private final LongSupplier conversionClock;
    private final LongSupplier pulseClock;
    private final Thread thread;
    private volatile boolean running = true;

    public ChipTicker(ChipModel model, LongSupplier conversionClock, LongSupplier pulseClock, String name) {
        this.model = model;
        this.conversionClock = conversionClock;
        this.pulseClock = pulseClock;
        this.thread = new Thread(this, name);
        thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    public void stop() {
        running = false;
        LockSupport.unpark(thread);
    }

    @Override
    public void run() {
        while (running) {
            long conv = conversionClock.getAsLong();
            long pulse = pulseClock.getAsLong();
            model.advance(conv, pulse);
            long wait = model.nanosToNextEvent(conv, pulse);
            LockSupport.parkNanos(Math.max(MIN_SLEEP_NANOS, Math.min(MAX_SLEEP_NANOS, wait)));
        }
    }
}
