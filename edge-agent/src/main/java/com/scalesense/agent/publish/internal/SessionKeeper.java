package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.PublishException;
import com.scalesense.agent.publish.Publisher;
import java.time.Duration;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
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
 */
public final class SessionKeeper implements Publisher {

    private static final Logger LOG = LoggerFactory.getLogger(SessionKeeper.class);

    private final MqttTransport transport;
    private final ScheduledExecutorService scheduler;
    private final Random random;
    private final Backoff backoff;
    private final String name;
    private final Subscriptions subscriptions = new Subscriptions();
    private final Set<CompletableFuture<Void>> unacknowledged = ConcurrentHashMap.newKeySet();
    private volatile boolean connected;
    private volatile Throwable lastFailure;
    private boolean closed;
    private boolean attemptScheduled;
    private int failedAttempts;

    public SessionKeeper(String name, Function<MqttTransport.Events, MqttTransport> transportFactory,
            ScheduledExecutorService scheduler, Random random, Backoff backoff) {
        this.name = name;
        this.scheduler = scheduler;
        this.random = random;
        this.backoff = backoff;
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
        scheduler.schedule(this::attempt, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void attempt() {
        synchronized (this) {
            attemptScheduled = false;
            if (closed || connected) {
                return;
            }
        }
        transport.connect().whenComplete((ok, error) -> {
            if (error == null) {
                onConnected();
            } else {
                retryAfter("connect to " + name + " failed", error);
            }
        });
    }

    private void onConnected() {
        synchronized (this) {
            if (closed) {
                return;
            }
            failedAttempts = 0;
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

    private void retryAfter(String what, Throwable error) {
        lastFailure = error;
        Duration delay;
        synchronized (this) {
            delay = backoff.delay(failedAttempts++, random);
        }
        LOG.warn("{}: {}; next attempt in {} ms", what, error, delay.toMillis());
        schedule(delay);
    }

    private final class Events implements MqttTransport.Events {

        @Override
        public void connectionLost(Throwable cause) {
            connected = false;
            failUnacknowledged(new PublishException.Transport("(any)", cause));
            retryAfter("connection to " + name + " lost", cause);
        }

        @Override
        public void messageArrived(String topic, byte[] payload) {
            subscriptions.dispatch(topic, payload);
        }
    }
}
