package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.PublishException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/** The shape every transport shares: start an asynchronous call, fail its future if starting throws. */
final class AsyncCalls {

    @FunctionalInterface
    interface Start {
        void into(CompletableFuture<Void> future) throws Exception;
    }

    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private AsyncCalls() {
    }

    /** Runs {@code start}; a throw (Paho's MqttException, a TLS file problem) fails the future, naming {@code topic}. */
    static CompletableFuture<Void> call(String topic, Start start) {
        CompletableFuture<Void> future = new CompletableFuture<>();
        try {
            start.into(future);
        } catch (PublishException e) {
            future.completeExceptionally(e);
        } catch (Exception e) {
            future.completeExceptionally(new PublishException.Transport(topic, e));
        }
        return future;
    }

    /**
     * If connected: a clean DISCONNECT (bounded by the caller), then, if the client still counts
     * itself connected, a forced one, so that a stop never waits out the library's own quiesce
     * time (Paho's is 30 s) for PUBACKs a dead link will never bring. Then releases the client.
     * Failures are logged.
     */
    static void shutDown(BooleanSupplier connected, Step disconnect, Step force, Step release) {
        if (connected.getAsBoolean()) {
            CloseQuietly.run(disconnect::run);
            if (connected.getAsBoolean()) {
                CloseQuietly.run(force::run);
            }
        }
        CloseQuietly.run(release::run);
    }
}
