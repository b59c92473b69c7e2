package com.scalesense.agent.publish;

import com.hivemq.embedded.EmbeddedHiveMQ;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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
 */
public final class EmbeddedBroker implements AutoCloseable {

    /** Bound for broker start/stop; HiveMQ CE usually needs a few seconds on a shared 2-core box. */
    private static final Duration LIFECYCLE_LIMIT = Duration.ofSeconds(60);

    private final Path home;
    private final int tcpPort;
    private final int tlsPort;
    private EmbeddedHiveMQ hivemq;

    private EmbeddedBroker(Path home, TestPki.BrokerStores tls) throws IOException {
        this.home = home;
        this.tcpPort = freePort();
        this.tlsPort = tls == null ? -1 : freePort();
        Path conf = Files.createDirectories(home.resolve("conf"));
        Files.createDirectories(home.resolve("data"));
        Files.createDirectories(home.resolve("extensions"));
        Files.writeString(conf.resolve("config.xml"), configXml(tls));
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
            broker.start();
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI tcpUri() {
        return URI.create("tcp://127.0.0.1:" + tcpPort);
    }

    public URI sslUri() {
        return URI.create("ssl://localhost:" + tlsPort);
    }

    int tlsPort() {
        return tlsPort;
    }

    /** Starts a fresh broker process-in-JVM on the same ports and data folder. */
    public void start() {
        hivemq = EmbeddedHiveMQ.builder()
                .withConfigurationFolder(home.resolve("conf"))
                .withDataFolder(home.resolve("data"))
                .withExtensionsFolder(home.resolve("extensions"))
                .withoutLoggingBootstrap()
                .build();
        join(hivemq.start()::get);
    }

    public void stop() {
        if (hivemq != null) {
            EmbeddedHiveMQ running = hivemq;
            hivemq = null;
            join(running.stop()::get);
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

    private static void join(Waitable step) {
        try {
            step.await(LIFECYCLE_LIMIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("broker lifecycle step failed", e);
        }
    }

    @FunctionalInterface
    private interface Waitable {
        void await(long amount, TimeUnit unit) throws Exception;
    }

    private String configXml(TestPki.BrokerStores tls) {
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
