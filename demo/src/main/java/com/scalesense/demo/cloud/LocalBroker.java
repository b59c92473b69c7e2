package com.scalesense.demo.cloud;

import com.hivemq.embedded.EmbeddedHiveMQ;
import com.scalesense.demo.DemoException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * HiveMQ CE in this JVM, listening on 127.0.0.1 only, on a port free at construction, with its
 * data folder under the demo's work directory. File persistence keeps persistent sessions and
 * their queued QoS 1 messages across {@link #stop()} and {@link #start()}, as a real broker does.
 */
public final class LocalBroker implements AutoCloseable {

    /** Bound of one start or stop; HiveMQ usually needs a few seconds on a busy 2-core laptop. */
    private static final long LIFECYCLE_LIMIT_S = 60;

    private final Path home;
    private final int port;
    /** Reports scales' connects and disconnects as AWS IoT lifecycle events, or null for none. */
    private final LocalPresence presence;
    private EmbeddedHiveMQ hivemq;
    /** Read by the live view without waiting for a start or stop under way. */
    private volatile boolean running;

    private LocalBroker(Path home, int port, LocalPresence presence) {
        this.home = home;
        this.port = port;
        this.presence = presence;
    }

    /** Writes the config and starts the broker on a free port. */
    public static LocalBroker start(Path home) {
        return start(home, 0);
    }

    /** Writes the config and starts the broker on 127.0.0.1:{@code requestedPort} (0: a free port). */
    public static LocalBroker start(Path home, int requestedPort) {
        return start(home, requestedPort, null);
    }

    /** As {@link #start(Path, int)}, with {@code presence} (or null) reporting clients' connects and disconnects. */
    static LocalBroker start(Path home, int requestedPort, LocalPresence presence) {
        try {
            Path conf = Files.createDirectories(home.resolve("conf"));
            Files.createDirectories(home.resolve("data"));
            Files.createDirectories(home.resolve("extensions"));
            int port = requestedPort == 0 ? freePort() : requestedPort;
            Files.writeString(conf.resolve("config.xml"), """
                    <?xml version="1.0"?>
                    <hivemq>
                        <listeners>
                            <tcp-listener>
                                <port>%d</port>
                                <bind-address>127.0.0.1</bind-address>
                            </tcp-listener>
                        </listeners>
                        <anonymous-usage-statistics>
                            <enabled>false</enabled>
                        </anonymous-usage-statistics>
                    </hivemq>
                    """.formatted(port));
            LocalBroker broker = new LocalBroker(home, port, presence);
            broker.start();
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException("broker home " + home + " cannot be prepared", e);
        }
    }

    public URI uri() {
        return URI.create("tcp://127.0.0.1:" + port);
    }

    /** (Re)starts the broker on the same port and data folder. */
    public synchronized void start() {
        if (hivemq != null) {
            return;
        }
        var builder = EmbeddedHiveMQ.builder()
                .withConfigurationFolder(home.resolve("conf"))
                .withDataFolder(home.resolve("data"))
                .withExtensionsFolder(home.resolve("extensions"))
                .withoutLoggingBootstrap();
        if (presence != null) {
            builder.withEmbeddedExtension(presence.extension());
        }
        EmbeddedHiveMQ next = builder.build();
        try {
            next.start().get(LIFECYCLE_LIMIT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new DemoException("HiveMQ did not start on 127.0.0.1:" + port, e);
        }
        hivemq = next;
        running = true;
    }

    /** Stops the broker: every client loses its connection. */
    public synchronized void stop() {
        if (hivemq == null) {
            return;
        }
        EmbeddedHiveMQ stopping = hivemq;
        hivemq = null;
        running = false;
        try {
            stopping.stop().get(LIFECYCLE_LIMIT_S, TimeUnit.SECONDS);
            stopping.close();
        } catch (Exception e) {
            throw new DemoException("HiveMQ did not stop", e);
        }
    }

    public boolean running() {
        return running;
    }

    @Override
    public void close() {
        stop();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
