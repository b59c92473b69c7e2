package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.ConnectionProblem;
import com.scalesense.agent.publish.PublishException;
import com.scalesense.agent.publish.Publisher;
import java.time.Duration;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The protocol-independent half of a publisher: keeps one session up, reconnecting after a
 * failed attempt or a lost connection with {@link Backoff} (full jitter from the injected
 * {@link Random}, delays on the injected scheduler), re-subscribes every filter after each
 * connect and dispatches arriving messages.
 * <p>
 * Publishing while disconnected fails the future at once, and a lost connection fails every
 * publish still waiting for PUBACK; transports open a fresh client per connection, so no
 * message lingers in a client library's memory to be resent behind our back. The caller's
 * durable outbox is the one copy that matters: it retries with the same bytes, and the sink
 * drops the duplicate a resend may cause by batch_id. Paho's own buffer would be lost on a
 * crash anyway, and Paho 5 resends it with a stale topic alias (see {@link PahoV5Transport}).
 * <p>
 * While it waits out a backoff, the session probes the broker's address every {@code probeEvery}
 * ({@link BrokerProbe}); when a probe finds the broker reachable after one that did not, the
 * outage is over: the backoff starts afresh and the next attempt is made at once. A broker that
 * takes TCP but refuses us (a bad certificate) is not hammered: reachable twice is no news.
 * Why the session is down is kept as a {@link ConnectionProblem} with the time since it began.
 */
public final class ReconnectingSession implements Publisher {

    private static final Logger LOG = LoggerFactory.getLogger(ReconnectingSession.class);

    private final MqttTransport transport;
    private final ScheduledExecutorService scheduler;
    private final Random random;
    private final Backoff backoff;
    private final String name;
    private final Subscriptions subscriptions = new Subscriptions();
    private final Set<CompletableFuture<Void>> unacknowledged = ConcurrentHashMap.newKeySet();
    private final BrokerProbe probe;
    private final Duration probeEvery;
    private final LongSupplier monotonicNanos;
    private volatile boolean connected;
    private volatile Throwable lastFailure;
    /** Monotonic nanoseconds of the first failure since the last connect; meaningful while lastFailure != null. */
    private volatile long failingSinceNanos;
    /** True from the first failure after a connect (or the start) until the next connect. */
    private boolean failing;
    private boolean closed;
    private boolean attemptScheduled;
    /** Bumped when a probe brings the next attempt forward, so the attempt scheduled before is skipped. */
    private long attemptGeneration;
    private boolean probing;
    private Boolean lastProbeReachable;
    private int failedAttempts;

    /** A session without probing (tests of the backoff alone). */
    public ReconnectingSession(String name, Function<MqttTransport.Events, MqttTransport> transportFactory,
            ScheduledExecutorService scheduler, Random random, Backoff backoff) {
        this(name, transportFactory, scheduler, random, backoff, () -> false, Duration.ofDays(365), System::nanoTime);
    }

    /**
     * @param probe          looks at the broker's address while a backoff is waited out
     * @param probeEvery     how often; a backoff shorter than this is simply waited out
     * @param monotonicNanos the time a failure is measured in (injected for tests)
     */
    public ReconnectingSession(String name, Function<MqttTransport.Events, MqttTransport> transportFactory,
            ScheduledExecutorService scheduler, Random random, Backoff backoff, BrokerProbe probe, Duration probeEvery,
            LongSupplier monotonicNanos) {
        this.name = name;
        this.scheduler = scheduler;
        this.random = random;
        this.backoff = backoff;
        this.probe = probe;
        this.probeEvery = probeEvery;
        this.monotonicNanos = monotonicNanos;
        this.transport = transportFactory.apply(new Events());
    }

    /** Schedules the first connection attempt now; later attempts follow by themselves. */
    public void start() {
        schedule(Duration.ZERO);
    }

    @Override
    public CompletableFuture<Void> publish(String topic, byte[] payload) {
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new PublishException.Closed(topic));
            }
        }
        if (!connected) {
            return CompletableFuture.failedFuture(new PublishException.NotConnected(topic));
        }
        CompletableFuture<Void> ack = new CompletableFuture<>();
        unacknowledged.add(ack);
        ack.whenComplete((ok, error) -> unacknowledged.remove(ack));
        try {
            transport.publish(topic, payload).whenComplete((ok, error) -> settle(ack, error));
        } catch (RuntimeException e) {
            ack.completeExceptionally(new PublishException.Transport(topic, e));
        }
        return ack;
    }

    @Override
    public void subscribe(String topicFilter, Consumer<byte[]> handler) {
        subscriptions.add(topicFilter, handler);
        if (connected) {
            resubscribe(topicFilter);
        }
    }

    @Override
    public boolean isConnected() {
        return connected;
    }

    /** Why the last connection attempt failed or the last connection dropped; null if neither happened yet. */
    public Throwable lastFailure() {
        return lastFailure;
    }

    /** Why there is no session now, in a technician's words and for how long; null while connected or before the first failure. */
    public ConnectionProblem problem() {
        Throwable failure = lastFailure;
        if (connected || failure == null) {
            return null;
        }
        return new ConnectionProblem(FailureCauses.of(failure), FailureCauses.detail(failure),
                Duration.ofNanos(monotonicNanos.getAsLong() - failingSinceNanos));
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        connected = false;
        transport.close();
        failUnacknowledged(new PublishException.Closed("(any)"));
    }

    /** Nobody will PUBACK these on a client object that is gone; the callers keep their copies and retry. */
    private void failUnacknowledged(PublishException reason) {
        for (CompletableFuture<Void> ack : Set.copyOf(unacknowledged)) {
            ack.completeExceptionally(reason);
        }
    }

    private static void settle(CompletableFuture<Void> ack, Throwable error) {
        if (error == null) {
            ack.complete(null);
        } else {
            ack.completeExceptionally(error);
        }
    }

    private synchronized void schedule(Duration delay) {
        if (closed || attemptScheduled) {
            return;
        }
        attemptScheduled = true;
        long generation = attemptGeneration;
        scheduler.schedule(() -> attempt(generation), delay.toMillis(), TimeUnit.MILLISECONDS);
        if (delay.compareTo(probeEvery) > 0 && !probing) {
            probing = true;
            scheduler.schedule(this::probe, probeEvery.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void attempt(long generation) {
        synchronized (this) {
            if (generation != attemptGeneration) {
                return; // a probe brought this attempt forward; it has run already
            }
            attemptScheduled = false;
            if (closed || connected) {
                return;
            }
        }
        transport.connect().whenComplete((ok, error) -> {
            if (error == null) {
                onConnected();
            } else {
                retryAfter("connect to " + name + " failed", error, FailureCauses.of(error).network());
            }
        });
    }

    /** One look at the broker while an attempt waits; an unreachable-then-reachable edge ends the wait. */
    private void probe() {
        synchronized (this) {
            if (closed || connected || !attemptScheduled) {
                probing = false;
                lastProbeReachable = null;
                return;
            }
        }
        boolean reachable = probe.reachable();
        synchronized (this) {
            boolean back = reachable && Boolean.FALSE.equals(lastProbeReachable);
            lastProbeReachable = reachable;
            if (back && attemptScheduled && !closed) {
                LOG.info("{} is reachable again: reconnecting now instead of waiting out the backoff", name);
                attemptGeneration++;
                attemptScheduled = false;
                failedAttempts = 0;
                probing = false;
                lastProbeReachable = null;
                schedule(Duration.ZERO);
                return;
            }
            scheduler.schedule(this::probe, probeEvery.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void onConnected() {
        synchronized (this) {
            if (closed) {
                return;
            }
            failedAttempts = 0;
            failing = false;
            lastProbeReachable = null;
        }
        connected = true;
        LOG.info("connected to {}", name);
        subscriptions.filters().forEach(this::resubscribe);
    }

    private void resubscribe(String topicFilter) {
        transport.subscribe(topicFilter).whenComplete((ok, error) -> {
            if (error != null) {
                LOG.warn("subscribe to {} on {} failed: {}", topicFilter, name, error.toString());
            }
        });
    }

    /**
     * @param networkDown the failure says the broker was not reachable just now (refused, DNS, no route,
     *                    a dropped connection): a probe that finds it reachable then ends the wait. A TLS or
     *                    CONNACK refusal is not: the broker answers, and probing must not hurry the retry.
     */
    private void retryAfter(String what, Throwable failure, boolean networkDown) {
        Throwable error = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        Duration delay;
        synchronized (this) {
            lastProbeReachable = networkDown ? Boolean.FALSE : null;
            if (!failing) {
                failing = true;
                failingSinceNanos = monotonicNanos.getAsLong();
            }
            lastFailure = error;
            delay = backoff.delay(failedAttempts++, random);
        }
        LOG.warn("{}: {}; next attempt in {} ms", what, problem() == null ? error : problem().describe(),
                delay.toMillis());
        schedule(delay);
    }

    private final class Events implements MqttTransport.Events {

        @Override
        public void connectionLost(Throwable cause) {
            connected = false;
            failUnacknowledged(new PublishException.Transport("(any)", cause));
            retryAfter("connection to " + name + " lost", cause, true);
        }

        @Override
        public void messageArrived(String topic, byte[] payload) {
            subscriptions.dispatch(topic, payload);
        }
    }
}
