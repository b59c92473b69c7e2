package com.scalesense.agent.publish;

import com.scalesense.agent.publish.internal.BrokerProbe;
import com.scalesense.agent.publish.internal.MqttTransport;
import com.scalesense.agent.publish.internal.ReconnectingSession;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;

/** What every concrete publisher is: a {@link ReconnectingSession} over one transport. */
public abstract class SessionPublisher implements Publisher {

    private final ReconnectingSession session;

    /**
     * While a backoff is waited out the broker's address is probed this often, so a scale reconnects
     * within seconds of its network or broker coming back (issue 14: 66 s after a 2-minute outage).
     */
    public static final Duration PROBE_EVERY = Duration.ofSeconds(5);
    /** One probe's TCP connect may take this long; a LAN or the Internet answers well within. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    SessionPublisher(ReconnectingSession session) {
        this.session = session;
    }

    /** The session every publisher keeps: settings' backoff, a TCP probe of the broker every {@link #PROBE_EVERY}. */
    static ReconnectingSession session(MqttSettings settings, Function<MqttTransport.Events, MqttTransport> transport,
            ScheduledExecutorService scheduler, Random random) {
        return new ReconnectingSession(settings.brokerUri().toString(), transport, scheduler, random, settings.reconnect(),
                BrokerProbe.tcp(settings.brokerUri(), PROBE_TIMEOUT), PROBE_EVERY, System::nanoTime);
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
    public final ConnectionProblem problem() {
        return session.problem();
    }

    @Override
    public final void close() {
        session.close();
    }
}
