package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import java.util.concurrent.CompletableFuture;

/**
 * A transport that opens a brand-new client object {@code C} for every connection attempt and
 * closes the previous one first, so nothing a client library buffered for an old connection is
 * ever sent again behind {@link SessionKeeper}'s back. Events of a replaced client are dropped.
 */
abstract class FreshClientTransport<C> implements MqttTransport {

    protected final MqttSettings settings;
    protected final MqttTransport.Events events;
    private volatile C current;

    FreshClientTransport(MqttSettings settings, MqttTransport.Events events) {
        this.settings = settings;
        this.events = events;
    }

    /** Creates a client wired to report through {@link #isCurrent}-guarded callbacks; no I/O yet. */
    abstract C open() throws Exception;

    /** Starts the CONNECT of {@code client}, completing {@code done} on CONNACK. */
    abstract void connect(C client, CompletableFuture<Void> done) throws Exception;

    /** Disconnects (bounded by the connect timeout) and releases {@code client}. */
    abstract void shutDown(C client);

    @Override
    public final CompletableFuture<Void> connect() {
        return AsyncCalls.call("(connect)", done -> {
            close();
            C fresh = open();
            current = fresh;
            connect(fresh, done);
        });
    }

    @Override
    public final void close() {
        C old = current;
        current = null; // its late callbacks are ignored from here on
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
