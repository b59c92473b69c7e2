package com.scalesense.agent.publish;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports on 127.0.0.1 for test servers, chosen so that several test JVMs (failsafe forks, other
 * builds on the same machine) can run brokers side by side.
 *
 * <p>Ports come from below Linux's default ephemeral range (32768-60999,
 * {@code net.ipv4.ip_local_port_range}): the kernel never gives those to an outgoing connection, so
 * a broker stopped for an outage test still finds its port free when it starts again. Two JVMs may
 * still pick the same free port at the same moment; {@link EmbeddedBroker} then picks again.
 */
final class LoopbackPorts {

    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 32_767;
    private static final int PICK_ATTEMPTS = 100;

    private LoopbackPorts() {
    }

    /** A port that nothing on this machine listens on right now. */
    static int pickFree() {
        // Random rather than sequential: JVMs that start together must not walk the same sequence.
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
            int port = random.nextInt(LOWEST, HIGHEST + 1);
            if (isFree(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port in " + LOWEST + ".." + HIGHEST + " after "
                + PICK_ATTEMPTS + " tries");
    }

    /**
     * True if {@code port} on 127.0.0.1 could be listened on now. The JDK sets SO_REUSEADDR on server
     * sockets, as it does for HiveMQ's listener, so a port left in TIME_WAIT counts as free here too.
     */
    static boolean isFree(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
