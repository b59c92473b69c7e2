package com.scalesense.agent.publish.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.PublishException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ReconnectingSessionTest {

    private static final Backoff BACKOFF = new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(5));
    private static final long SEED = 99;

    private final SteppedScheduler scheduler = new SteppedScheduler();
    private ScriptedTransport transport;
    private final ReconnectingSession keeper = new ReconnectingSession("test-broker", events -> {
        transport = new ScriptedTransport(events);
        return transport;
    }, scheduler, new Random(SEED), BACKOFF);

    private static Throwable failure(CompletableFuture<Void> future) {
        assertThat(future).isCompletedExceptionally();
        return future.handle((ok, error) -> error).join();
    }

    private void connect() {
        keeper.start();
        scheduler.runNext();
        transport.lastConnect().complete(null);
    }

    @Test
    void retries_a_failed_connect_after_jittered_delays_from_the_backoff() {
        keeper.start();
        // when three attempts fail
        for (int i = 0; i < 3; i++) {
            scheduler.runNext();
            transport.lastConnect().completeExceptionally(new IOException("connection refused"));
        }
        // then the waits are the backoff's draws for attempts 0, 1, 2 with the injected seed
        Random expected = new Random(SEED);
        assertThat(scheduler.delays()).containsExactly(Duration.ZERO, BACKOFF.delay(0, expected),
                BACKOFF.delay(1, expected), BACKOFF.delay(2, expected));
        assertThat(keeper.lastFailure()).hasMessage("connection refused");
        assertThat(keeper.isConnected()).isFalse();
    }

    @Test
    void starts_the_backoff_afresh_after_a_successful_connect() {
        keeper.start();
        scheduler.runNext();
        transport.lastConnect().completeExceptionally(new IOException("refused"));
        scheduler.runNext();
        transport.lastConnect().complete(null);
        // when the connection drops later
        transport.events.connectionLost(new IOException("reset"));
        // then the next wait is drawn for attempt 0 again, not 1
        Random expected = new Random(SEED);
        Duration first = BACKOFF.delay(0, expected);
        assertThat(scheduler.delays()).containsExactly(Duration.ZERO, first, BACKOFF.delay(0, expected));
    }

    @Test
    void fails_every_publish_awaiting_puback_when_the_connection_drops() {
        connect();
        CompletableFuture<Void> a = keeper.publish("t", new byte[] {1});
        CompletableFuture<Void> b = keeper.publish("t", new byte[] {2});
        transport.publishes.get(1).complete(null);
        // when
        transport.events.connectionLost(new IOException("reset"));
        // then the one acknowledged stays so, the other fails for the caller to retry
        assertThat(b).isCompleted();
        assertThat(a).isCompletedExceptionally();
        assertThat(failure(a)).isInstanceOf(PublishException.Transport.class);
        assertThat(failure(keeper.publish("t", new byte[] {3}))).isInstanceOf(PublishException.NotConnected.class);
    }

    @Test
    void subscribes_every_filter_again_after_a_reconnect_and_dispatches_by_filter() {
        List<String> got = new ArrayList<>();
        connect();
        keeper.subscribe("scalesense/v1/SCALE-0042/commands", bytes -> got.add("commands"));
        keeper.subscribe("other/#", bytes -> got.add("other"));
        // when
        transport.events.connectionLost(new IOException("reset"));
        scheduler.runNext();
        transport.lastConnect().complete(null);
        transport.events.messageArrived("scalesense/v1/SCALE-0042/commands", new byte[0]);
        // then
        assertThat(transport.subscriptions).hasSize(4);
        assertThat(transport.subscriptions.subList(2, 4))
                .containsExactlyInAnyOrder("scalesense/v1/SCALE-0042/commands", "other/#");
        assertThat(got).containsExactly("commands");
    }

    @Test
    void a_handler_that_throws_does_not_reach_the_client_library() {
        // guards against an exception in messageArrived, which makes Paho drop the connection
        connect();
        keeper.subscribe("a", bytes -> {
            throw new IllegalStateException("bad handler");
        });
        transport.events.messageArrived("a", new byte[0]);
        assertThat(keeper.isConnected()).isTrue();
    }

    @Test
    void close_fails_waiting_publishes_and_stops_reconnecting() {
        connect();
        CompletableFuture<Void> waiting = keeper.publish("t", new byte[] {1});
        // when
        keeper.close();
        transport.events.connectionLost(new IOException("closed"));
        // then
        assertThat(failure(waiting)).isInstanceOf(PublishException.Closed.class);
        assertThat(transport.closed).isTrue();
        assertThat(scheduler.waiting()).isZero();
    }
}
