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
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
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
 * Each {@link #pump()} is one step; {@link #start} runs it on a scheduler. Intervals use the
 * injected monotonic time (nanoseconds), so a wall-clock step at NTP sync cannot stall it.
 */
public final class Uplink {

    private static final Logger LOG = LoggerFactory.getLogger(Uplink.class);
    private static final long NANOS_PER_MS = 1_000_000L;

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
        this.rate = new RateWindow(settings.maxPublishesPerSecond(), 1_000);
        this.registration = new RegistrationGate(publisher, announcement, this, this::fail);
    }

    /** Runs {@link #pump()} every {@link UplinkSettings#pumpInterval()} on {@code scheduler} until cancelled. */
    public ScheduledFuture<?> start(ScheduledExecutorService scheduler) {
        long period = settings.pumpInterval().toMillis();
        return scheduler.scheduleWithFixedDelay(this::pumpLogged, 0, period, TimeUnit.MILLISECONDS);
    }

    /** One step: register if needed, give up overdue attempts, publish what the limits allow. */
    public synchronized void pump() {
        long now = nowMs();
        if (!publisher.isConnected()) {
            registration.connectionLost();
            return;
        }
        expireOverdue(now);
        if (now < notBeforeMs || !registration.open(now, rate)) {
            return;
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
            if (inFlight.size() >= settings.maxInFlight() || nowMs() < notBeforeMs || !rate.tryAcquire(now)) {
                return;
            }
            send(batch, now);
        }
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

    private void pumpLogged() {
        try {
            pump();
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again; the outbox must keep draining.
            LOG.error("uplink step failed", e);
        }
    }
}
