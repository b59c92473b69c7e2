package com.scalesense.agent.publish;

import com.scalesense.agent.publish.internal.SessionKeeper;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** What every concrete publisher is: a {@link SessionKeeper} over one transport. */
public abstract class SessionPublisher implements Publisher {

    private final SessionKeeper session;

    SessionPublisher(SessionKeeper session) {
        this.session = session;
    }

    final void connectInBackground() {
        session.start();
    }

    @Override
    public final CompletableFuture<Void> publish(String topic, byte[] payload) {
        return session.publish(topic, payload);
    }

    @Override
    public final void subscribe(String topicFilter, Consumer<byte[]> handler) {
        session.subscribe(topicFilter, handler);
    }

    @Override
    public final boolean isConnected() {
        return session.isConnected();
    }

    /** Why the last connection attempt failed or the last connection dropped (e.g. a TLS refusal); null if none yet. */
    public final Throwable lastFailure() {
        return session.lastFailure();
    }

    @Override
    public final void close() {
        session.close();
    }
}
