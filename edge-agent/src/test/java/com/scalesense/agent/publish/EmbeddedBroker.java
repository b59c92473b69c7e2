package com.scalesense.agent.publish;

import com.hivemq.embedded.EmbeddedHiveMQ;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A real HiveMQ CE broker in this JVM, bound to 127.0.0.1 on free ports, with a generated
 * config.xml and its own data folder (file persistence, so sessions and queued messages survive
 * a stop/start just as on a real broker). Optionally a TLS listener that requires client
 * certificates signed by the test CA.
 *
 * <p>Starting and stopping HiveMQ costs seconds (Netty's 2 s quiet period, closing persistence), so
 * test classes share one broker and keep their tests apart by device_id ({@link TestDevices}).
 * Several test JVMs may run brokers at once: ports come from {@link LoopbackPorts}, and a first
 * start that loses its port to another process picks new ports and tries again.
 */
public final class EmbeddedBroker implements AutoCloseable {

    /** Bound for broker start/stop; HiveMQ CE usually needs a few seconds on a shared 2-core box. */
    private static final Duration LIFECYCLE_LIMIT = Duration.ofSeconds(60);
    /** First starts tried before giving up; each loses only if another process took a port just now. */
    private static final int FIRST_START_ATTEMPTS = 5;

    private final Path home;
    private final TestPki.BrokerStores tls;
    /** Fixed after the first start: clients reconnect to the same address after a restart. */
    private int tcpPort;
    private int tlsPort;
    private EmbeddedHiveMQ hivemq;

    private EmbeddedBroker(Path home, TestPki.BrokerStores tls) throws IOException {
        this.home = home;
        this.tls = tls;
        Files.createDirectories(home.resolve("conf"));
        Files.createDirectories(home.resolve("data"));
        Files.createDirectories(home.resolve("extensions"));
    }

    /** A broker with a plain TCP listener. */
    public static EmbeddedBroker plain(Path home) {
        return create(home, null);
    }

    /** A broker with a plain listener and a TLS listener that requires a client certificate. */
    public static EmbeddedBroker mutualTls(Path home, TestPki.BrokerStores stores) {
        return create(home, stores);
    }

    private static EmbeddedBroker create(Path home, TestPki.BrokerStores tls) {
        try {
            EmbeddedBroker broker = new EmbeddedBroker(home, tls);
            broker.startOnFreePorts();
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * No client knows the ports yet, so a port another process bound between our check and HiveMQ's
     * bind (a parallel fork, another build) is replaced by fresh ones. HiveMQ fails its start only
     * when no listener binds at all; a lost TLS port would show up as a refused TLS connection.
     */
    private void startOnFreePorts() throws IOException {
        for (int attempt = 1; ; attempt++) {
            tcpPort = LoopbackPorts.pickFree();
            tlsPort = tls == null ? -1 : LoopbackPorts.pickFree();
            Files.writeString(home.resolve("conf").resolve("config.xml"), configXml());
            try {
                start();
                return;
            } catch (IllegalStateException e) {
                if (attempt == FIRST_START_ATTEMPTS || LoopbackPorts.isFree(tcpPort)) {
                    throw e;
                }
            }
        }
    }

    public URI tcpUri() {
        return URI.create("tcp://127.0.0.1:" + tcpPort);
    }

    public URI sslUri() {
        return URI.create("ssl://localhost:" + tlsPort);
    }

    public int tlsPort() {
        return tlsPort;
    }

    /**
     * Starts a fresh broker process-in-JVM on the same ports and data folder.
     *
     * @throws IllegalStateException if HiveMQ does not start, e.g. its port is taken
     */
    public void start() {
        EmbeddedHiveMQ starting = EmbeddedHiveMQ.builder()
                .withConfigurationFolder(home.resolve("conf"))
                .withDataFolder(home.resolve("data"))
                .withExtensionsFolder(home.resolve("extensions"))
                .withoutLoggingBootstrap()
                .build();
        try {
            join(starting.start()::get, "start on port " + tcpPort);
        } catch (IllegalStateException e) {
            // a failed start has opened the persistence in the data folder: release it for the next try
            closeQuietly(starting, e);
            throw e;
        }
        hivemq = starting;
    }

    /** True between a successful {@link #start()} and the next {@link #stop()}. */
    public boolean isRunning() {
        return hivemq != null;
    }

    public void stop() {
        if (hivemq != null) {
            EmbeddedHiveMQ running = hivemq;
            hivemq = null;
            join(running.stop()::get, "stop");
            try {
                running.close();
            } catch (Exception e) {
                throw new IllegalStateException("broker close failed", e);
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    private static void join(Waitable step, String what) {
        try {
            step.await(LIFECYCLE_LIMIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("broker " + what + " failed", e);
        }
    }

    private static void closeQuietly(EmbeddedHiveMQ failed, IllegalStateException cause) {
        try {
            failed.close();
        } catch (Exception e) {
            cause.addSuppressed(e);
        }
    }

    @FunctionalInterface
    private interface Waitable {
        void await(long amount, TimeUnit unit) throws Exception;
    }

    private String configXml() {
        String tlsListener = tls == null ? "" : """
                    <tls-tcp-listener>
                        <port>%d</port>
                        <bind-address>127.0.0.1</bind-address>
                        <tls>
                            <keystore>
                                <path>%s</path>
                                <password>%s</password>
                                <private-key-password>%s</private-key-password>
                            </keystore>
                            <truststore>
                                <path>%s</path>
                                <password>%s</password>
                            </truststore>
                            <client-authentication-mode>REQUIRED</client-authentication-mode>
                        </tls>
                    </tls-tcp-listener>
                """.formatted(tlsPort, tls.keystore(), tls.password(), tls.password(), tls.truststore(), tls.password());
        return """
                <?xml version="1.0"?>
                <hivemq>
                    <listeners>
                        <tcp-listener>
                            <port>%d</port>
                            <bind-address>127.0.0.1</bind-address>
                        </tcp-listener>
                %s    </listeners>
                    <persistence>
                        <mode>file</mode>
                    </persistence>
                    <anonymous-usage-statistics>
                        <enabled>false</enabled>
                    </anonymous-usage-statistics>
                </hivemq>
                """.formatted(tcpPort, tlsListener);
    }
}
