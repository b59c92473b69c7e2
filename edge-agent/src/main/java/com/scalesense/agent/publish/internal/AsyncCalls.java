package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.PublishException;
import java.util.concurrent.CompletableFuture;

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

    /** Disconnects if connected, then releases the client; failures are logged. */
    static void shutDown(boolean connected, Step disconnect, Step release) {
        if (connected) {
            CloseQuietly.run(disconnect::run);
        }
        CloseQuietly.run(release::run);
    }
}
