package com.scalesense.agent.uplink;

import com.scalesense.agent.outbox.BatchQueue;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.publish.Publisher;
import com.scalesense.protocol.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves sealed batches from the outbox to the broker. Guarantees: a batch is acknowledged to the
 * {@link BatchQueue} only after its PUBACK, and once; a failed batch is retried later with the
 * very bytes the outbox holds; a batch is never in flight twice at once; batches are first
 * published in outbox order; at most {@link UplinkSettings#maxInFlight()} wait for PUBACK and at
 * most {@link UplinkSettings#maxPublishesPerSecond()} go out per second. On each new connection
 * the boot registration goes first, and batches wait for its PUBACK.
 * <p>
 * Each {@link #pump()} is one step; {@link #start} runs it on a scheduler when something may have
 * changed, not on a fixed period: on {@link #wake()} (a batch sealed), on a PUBACK or a failure of a
 * batch or of the registration, when the step's own deadline comes (the retry backoff, the rate
 * window, an overdue PUBACK, a session check while disconnected), and at the latest after
 * {@link UplinkSettings#pumpInterval()} as a safety net. An idle uplink so costs no outbox query
 * (issue 18: polling SQLite every 200 ms was 29 % of the online agent's CPU). Intervals use the
 * injected monotonic time (nanoseconds), so a wall-clock step at NTP sync cannot stall it.
 */
public final class Uplink {

    private static final Logger LOG = LoggerFactory.getLogger(Uplink.class);
    private static final long NANOS_PER_MS = 1_000_000L;
    private static final long RATE_WINDOW_MS = 1_000;
    /** The publisher announces no reconnect; while disconnected the session (not the outbox) is checked this often. */
    private static final long SESSION_CHECK_MS = 1_000;
    /** What {@link #pump()} returns when only an event (a seal, a PUBACK) can give it more to do. */
    public static final long UNTIL_EVENT = Long.MAX_VALUE;

    private final BatchQueue queue;
    private final Publisher publisher;
    private final UplinkSettings settings;
    private final LongSupplier monotonicNanos;
    private final Clock wallClock;
    private final Random random;
    private final String topic;
    private final RateWindow rate;
    private final Map<String, Attempt> inFlight = new HashMap<>();
    private final Map<String, Integer> triesByBatch = new HashMap<>();
    private final RegistrationGate registration;
    private long published;
    private long acked;
    private long retries;
    private long attemptSeq;
    private int consecutiveFailures;
    private long notBeforeMs;
    private String lastError;
    private long lastErrorAtMs;
    private final AtomicBoolean wakeQueued = new AtomicBoolean();
    private final AtomicLong steps = new AtomicLong();
    private volatile ScheduledExecutorService scheduler;
    private ScheduledFuture<?> deadline; // guarded by this

    /** One publish of one batch; a completion for an attempt that is no longer current is ignored. */
    private record Attempt(long seq, long sentAtMs) {
    }

    public Uplink(BatchQueue queue, Publisher publisher, BootAnnouncement announcement, UplinkSettings settings,
            LongSupplier monotonicNanos, Clock wallClock, Random random) {
        this.queue = queue;
        this.publisher = publisher;
        this.settings = settings;
        this.monotonicNanos = monotonicNanos;
        this.wallClock = wallClock;
        this.random = random;
        this.topic = Topics.batches(announcement.deviceId());
        this.rate = new RateWindow(settings.maxPublishesPerSecond(), RATE_WINDOW_MS);
        this.registration = new RegistrationGate(publisher, announcement, this, this::fail, this::wake);
    }

    /**
     * Runs {@link #pump()} on {@code scheduler} now and then whenever it may have work (see the
     * class comment) until the scheduler shuts down.
     */
    public void start(ScheduledExecutorService scheduler) {
        this.scheduler = scheduler;
        wake();
    }

    /**
     * Asks for a step soon: a batch was sealed, or something else the uplink waits for happened.
     * Wakes that come while one is queued are one step. Does nothing before {@link #start} or
     * after the scheduler shut down.
     */
    public void wake() {
        ScheduledExecutorService s = scheduler;
        if (s == null || !wakeQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            s.execute(this::step);
        } catch (RejectedExecutionException stopping) {
            wakeQueued.set(false);
        }
    }

    /** Steps run by {@link #start}'s loop, for the watchdog: at least one per {@link UplinkSettings#pumpInterval()}. */
    public long steps() {
        return steps.get();
    }

    /**
     * One step: register if needed, give up overdue attempts, publish what the limits allow.
     *
     * @return milliseconds until this uplink has something to do that no event will announce (a
     *         retry backoff ending, the rate window, a PUBACK overdue, a session to check), or
     *         {@link #UNTIL_EVENT}
     */
    public synchronized long pump() {
        long now = nowMs();
        if (!publisher.isConnected()) {
            registration.connectionLost();
            return SESSION_CHECK_MS;
        }
        expireOverdue(now);
        long overdue = untilOverdue(now);
        if (now < notBeforeMs) {
            return Math.min(notBeforeMs - now, overdue);
        }
        if (!registration.open(now, rate)) {
            // Pending: its PUBACK wakes us. Held back by the rate window: it frees within a second.
            return Math.min(registration.pending() ? UNTIL_EVENT : RATE_WINDOW_MS, overdue);
        }
        List<SealedBatch> oldest = queue.oldest(inFlight.size() + settings.maxInFlight());
        // A tried batch stays at the head until acknowledged; one gone otherwise (the outbox
        // dropped it when full) must not be remembered for ever.
        triesByBatch.keySet().retainAll(oldest.stream().map(SealedBatch::batchId).toList());
        for (SealedBatch batch : oldest) {
            if (inFlight.containsKey(batch.batchId())) {
                continue;
            }
            // Stop at the first batch we may not send, so no later batch is published before it.
            if (inFlight.size() >= settings.maxInFlight()) {
                return overdue; // a PUBACK frees a place and wakes us
            }
            if (nowMs() < notBeforeMs) {
                return Math.min(Math.max(1, notBeforeMs - nowMs()), overdue);
            }
            if (!rate.tryAcquire(now)) {
                return Math.min(RATE_WINDOW_MS, overdue);
            }
            send(batch, now);
        }
        return overdue;
    }

    public synchronized UplinkStatus status() {
        return new UplinkStatus(published, acked, retries, inFlight.size(), registration.acknowledged(), lastError,
                lastErrorAtMs);
    }

    private void send(SealedBatch batch, long now) {
        Attempt attempt = new Attempt(++attemptSeq, now);
        inFlight.put(batch.batchId(), attempt);
        published++;
        if (triesByBatch.merge(batch.batchId(), 1, Integer::sum) > 1) {
            retries++;
        }
        publisher.publish(topic, batch.payload())
                .whenComplete((ok, error) -> settle(batch.batchId(), attempt, error));
    }

    private synchronized void settle(String batchId, Attempt attempt, Throwable error) {
        if (!attempt.equals(inFlight.get(batchId))) {
            return; // given up by expireOverdue; the retry's outcome counts
        }
        inFlight.remove(batchId);
        wake(); // a place in flight is free (after a failure the step waits out the backoff)
        if (error != null) {
            fail("batch " + batchId + ": " + error);
            return;
        }
        try {
            queue.acknowledge(batchId);
            acked++;
            triesByBatch.remove(batchId);
            consecutiveFailures = 0;
        } catch (RuntimeException e) {
            // The batch stays in the outbox and goes out again: a duplicate the sink drops by batch_id.
            fail("acknowledge of " + batchId + " failed: " + e);
        }
    }

    /** Until the oldest publish in flight is overdue (expireOverdue gives it up then), or UNTIL_EVENT. */
    private long untilOverdue(long now) {
        long limit = settings.ackTimeout().toMillis();
        return inFlight.values().stream().mapToLong(a -> Math.max(1, a.sentAtMs() + limit - now)).min()
                .orElse(UNTIL_EVENT);
    }

    private void expireOverdue(long now) {
        long limit = settings.ackTimeout().toMillis();
        inFlight.entrySet().removeIf(e -> {
            boolean overdue = now - e.getValue().sentAtMs() >= limit;
            if (overdue) {
                fail("batch " + e.getKey() + ": no PUBACK within " + settings.ackTimeout());
            }
            return overdue;
        });
    }

    private void fail(String error) {
        Duration wait = settings.retry().delay(consecutiveFailures++, random);
        notBeforeMs = nowMs() + wait.toMillis();
        lastError = error;
        lastErrorAtMs = wallClock.millis();
        LOG.warn("uplink: {}; retrying in {} ms", error, wait.toMillis());
    }

    private long nowMs() {
        return monotonicNanos.getAsLong() / NANOS_PER_MS;
    }

    /** One step of {@link #start}'s loop, then the next at its deadline or the safety net, whichever is first. */
    private void step() {
        wakeQueued.set(false);
        long waitMs = settings.pumpInterval().toMillis();
        try {
            waitMs = Math.min(waitMs, pump());
        } catch (RuntimeException e) {
            // The loop must keep draining the outbox: log, and look again after the safety net.
            LOG.error("uplink step failed", e);
        }
        steps.incrementAndGet();
        synchronized (this) {
            if (deadline != null) {
                deadline.cancel(false);
            }
            try {
                deadline = scheduler.schedule(this::step, waitMs, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException stopping) {
                deadline = null;
            }
        }
    }
}
