package com.scalesense.demo;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) or SIGTERM while the demo runs. On a signal the JVM runs its shutdown hooks and
 * halts: the main thread's try-with-resources never closes the agents, the broker, DynamoDB Local
 * and the API server by itself. This hook tells the main thread to stop, which then leaves the evening
 * ({@link StoppedException}) or the wait after it and closes everything, and holds the JVM until that
 * is done or {@link #CLOSE_LIMIT} has passed (a stuck close must not keep a killed demo alive).
 * Install it on the main thread; {@link #close()} it once the resources are closed.
 *
 * <p>The hook never interrupts the main thread. An interrupt lands in whatever the main thread is doing
 * when the signal comes: while a scale boots, that is its store's commit, and an interrupt closes the
 * store's {@code FileChannel} under MapDB ({@code ClosedByInterruptException}, thrown on as an
 * {@code IOError} that no stop handles; a CI run on a busy machine died of it). The main thread's loops
 * check {@link #checkNotStopped()} between steps instead, and its one open-ended wait is
 * {@link #awaitSignal()}.
 */
final class SignalStop implements AutoCloseable {

    /** Longest the hook waits for the main thread to close everything (BarNight closes in seconds). */
    static final Duration CLOSE_LIMIT = Duration.ofSeconds(30);

    /** The stop {@link #install()} registered: a signal is the process's, seen by every loop of the demo. */
    private static volatile SignalStop installed;

    private final Thread hook;
    private final CountDownLatch signal = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean requested;

    SignalStop() {
        this.hook = new Thread(this::onSignal, "demo-signal-stop");
    }

    /** Registers the hook; the main thread's loops ({@link #checkNotStopped()}) then answer to it. */
    static SignalStop install() {
        SignalStop stop = new SignalStop();
        Runtime.getRuntime().addShutdownHook(stop.hook);
        installed = stop;
        return stop;
    }

    /** True once a signal asked the demo to stop: an exception of the main thread is then that stop. */
    boolean signalled() {
        return requested;
    }

    /** What the hook does first: asks the main thread to stop, without interrupting it. */
    void signal() {
        requested = true;
        signal.countDown();
    }

    /**
     * Waits for a signal (the wait after an evening kept up with --keep-running or --serve).
     *
     * @throws StoppedException once the signal came
     */
    void awaitSignal() throws InterruptedException {
        signal.await();
        throw new StoppedException();
    }

    private void onSignal() {
        signal();
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
        if (installed == this) {
            installed = null;
        }
        if (!requested) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException | IllegalArgumentException e) {
                // the JVM is shutting down already (System.exit elsewhere), or this stop was never installed
            }
        }
    }

    /**
     * The main thread's check between steps of its loops.
     *
     * @throws StoppedException once a signal asked the demo to stop
     */
    static void checkNotStopped() {
        SignalStop stop = installed;
        if (stop != null && stop.requested) {
            throw new StoppedException();
        }
    }
}
