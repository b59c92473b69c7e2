package com.scalesense.demo;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) or SIGTERM while the demo runs. On a signal the JVM runs its shutdown hooks and
 * halts: the main thread's try-with-resources never closes the agents, the broker, DynamoDB Local
 * and the API server by itself. This hook interrupts the main thread, which then leaves the evening
 * ({@link StoppedException}) or the wait after it and closes everything, and holds the JVM until that
 * is done or {@link #CLOSE_LIMIT} has passed (a stuck close must not keep a killed demo alive).
 * Install it on the main thread; {@link #close()} it once the resources are closed.
 */
final class SignalStop implements AutoCloseable {

    /** Longest the hook waits for the main thread to close everything (BarNight closes in seconds). */
    static final Duration CLOSE_LIMIT = Duration.ofSeconds(30);

    private final Thread main;
    private final Thread hook;
    private final CountDownLatch closed = new CountDownLatch(1);
    /** Set by the hook; read by the main thread's loops (an interrupt alone may be swallowed by a wait). */
    private static volatile boolean requested;

    private SignalStop(Thread main) {
        this.main = main;
        this.hook = new Thread(this::onSignal, "demo-signal-stop");
    }

    /** Registers the hook for the calling (main) thread. */
    static SignalStop install() {
        SignalStop stop = new SignalStop(Thread.currentThread());
        Runtime.getRuntime().addShutdownHook(stop.hook);
        return stop;
    }

    /** True once a signal asked the demo to stop: an exception of the main thread is then that stop. */
    boolean signalled() {
        return requested;
    }

    private void onSignal() {
        requested = true;
        main.interrupt(); // wakes a wait of the main thread (the one after the evening)
        try {
            closed.await(CLOSE_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The resources are closed: lets a running hook end, or removes the hook when no signal came. */
    @Override
    public void close() {
        closed.countDown();
        if (!requested) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already (System.exit elsewhere): the hook runs and returns at once
            }
        }
    }

    /**
     * The main thread's check between steps of its loops.
     *
     * @throws StoppedException once a signal asked the demo to stop
     */
    static void checkNotStopped() {
        if (requested) {
            throw new StoppedException();
        }
    }
}
