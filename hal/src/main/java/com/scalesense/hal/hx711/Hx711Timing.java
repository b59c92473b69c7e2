package com.scalesense.hal.hx711;

import java.util.concurrent.locks.LockSupport;

/**
 * The time the HX711 sampling thread keeps: a monotonic nanosecond count by which it times every
 * clock pulse and ready wait, and a way to wait between polls of DOUT. A production driver uses
 * {@link #system()}, whose pulse guard sees a pre-empted pulse as the chip does. A test gives the
 * driver emulated time instead ({@code hal.emulator.EmulatedTime}), in which a pulse lasts what the
 * driver's own code makes it last, so how busy the machine is cannot change what a test sees.
 */
public interface Hx711Timing {

    /** Monotonic nanoseconds, read by the sampling thread for its pulse timing and waits. */
    long nanoTime();

    /** Waits about {@code nanos} on the sampling thread (it may return early, as parking does). */
    void parkNanos(long nanos);

    /**
     * Monotonic nanoseconds read by another thread (a reader stamping a timeout); unlike
     * {@link #nanoTime()} it never moves the sampling thread's time.
     */
    default long readerNanos() {
        return nanoTime();
    }

    /**
     * Called once when the driver stops sampling, so that a wait of the sampling thread can end
     * at once. The real clock's waits are a fraction of a conversion period: nothing to do.
     */
    default void samplingStopped() {
    }

    /** The real clock: {@link System#nanoTime()} and {@link LockSupport#parkNanos(long)}. */
    static Hx711Timing system() {
        return SystemTiming.INSTANCE;
    }

    /** The real clock, as a singleton so that {@link #system()} allocates nothing. */
    enum SystemTiming implements Hx711Timing {
        INSTANCE;

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void parkNanos(long nanos) {
            LockSupport.parkNanos(nanos);
        }
    }
}
