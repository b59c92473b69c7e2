package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PublishException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A transport that opens a brand-new client object {@code C} for every connection attempt and
 * closes the previous one first, so nothing a client library buffered for an old connection is
 * ever sent again behind {@link ReconnectingSession}'s back. Events of a replaced client are dropped.
 * Once {@link #close()}d, no attempt opens a client again, even one already under way on the
 * scheduler when the agent began to stop.
 */
abstract class FreshClientTransport<C> implements MqttTransport {

    protected final MqttSettings settings;
    protected final MqttTransport.Events events;
    private volatile C current;
    private boolean closed;

    FreshClientTransport(MqttSettings settings, MqttTransport.Events events) {
        this.settings = settings;
        this.events = events;
    }

    /** Creates a client wired to report through {@link #isCurrent}-guarded callbacks; no I/O yet. */
    abstract C open() throws Exception;

    /** Starts the CONNECT of {@code client}, completing {@code done} on CONNACK. */
    abstract void connect(C client, CompletableFuture<Void> done) throws Exception;

    /**
     * Disconnects within {@link #STOP_LIMIT} if the connection is up, and releases {@code client};
     * never waits for a connection attempt or a reconnect of the library to end.
     */
    abstract void shutDown(C client);

    /**
     * Longest wait for the broker to take our DISCONNECT on a connection that is up: one packet on
     * an open socket. A stop must end well inside systemd's TimeoutStopSec (30 s in
     * systemd/scale-agent.service) whatever the connect timeout is.
     */
    static final Duration STOP_LIMIT = Duration.ofSeconds(2);

    @Override
    public final CompletableFuture<Void> connect() {
        return AsyncCalls.call("(connect)", done -> {
            release(swap(null));
            C fresh;
            synchronized (this) {
                if (closed) {
                    throw new PublishException.Closed("(connect)");
                }
                fresh = open();
                current = fresh;
            }
            connect(fresh, done);
        }).exceptionallyCompose(this::explainClose);
    }

    /**
     * Under TLS 1.3 the client's handshake is over before the broker checks our certificate, so a
     * refused certificate reaches the client library only as the connection closing before CONNACK
     * (Paho: "Connection lost" with an EOFException; the CRT: "Failure during TLS read."; both seen
     * against HiveMQ in MutualTlsIT). With a
     * client certificate in use that is what it means, and the technician is told so.
     */
    private CompletableFuture<Void> explainClose(Throwable error) {
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                ? error.getCause() : error;
        if (settings.tls() != null && settings.tls().mutual() && FailureCauses.closedAfterHandshake(cause)) {
            return CompletableFuture.failedFuture(new PublishException.CertificateRefused("(connect)", cause));
        }
        return CompletableFuture.failedFuture(cause);
    }

    @Override
    public final void close() {
        C old;
        boolean first;
        synchronized (this) {
            first = !closed;
            closed = true;
            old = swap(null);
        }
        release(old);
        if (first) {
            afterClose();
        }
    }

    /** Runs once, after the first {@link #close()} has released the client; nothing by default. */
    void afterClose() {
    }

    /** Makes {@code next} the client in use; the old one's late callbacks are ignored from here on. */
    private synchronized C swap(C next) {
        C old = current;
        current = next;
        return old;
    }

    private void release(C old) {
        if (old != null) {
            shutDown(old);
        }
    }

    /** The client of the connection in use; null before the first attempt or after close. */
    final C client() {
        return current;
    }

    /** True if {@code client} is the one in use, so its events still count. */
    final boolean isCurrent(C client) {
        return client != null && client == current;
    }
}
