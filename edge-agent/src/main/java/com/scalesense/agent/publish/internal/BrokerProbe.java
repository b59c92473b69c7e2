package com.scalesense.agent.publish.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;

/**
 * A cheap look at whether the broker's address takes a TCP connection now: one SYN, closed at
 * once, no TLS and no MQTT. {@link ReconnectingSession} probes while it waits out a backoff, so a scale
 * whose network or broker comes back reconnects within a probe interval instead of a backoff cap.
 */
@FunctionalInterface
public interface BrokerProbe {

    /** True if a TCP connection to the broker could be opened just now. */
    boolean reachable();

    /** Probes {@code host:port} of {@code broker}, giving up after {@code timeout}. */
    static BrokerProbe tcp(URI broker, Duration timeout) {
        return () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(broker.getHost(), broker.getPort()), (int) timeout.toMillis());
                return true;
            } catch (IOException | IllegalArgumentException e) {
                return false;
            }
        };
    }
}
