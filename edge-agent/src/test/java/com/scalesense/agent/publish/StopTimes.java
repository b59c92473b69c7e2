package com.scalesense.agent.publish;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;

/**
 * Not a test: measures how long {@link SessionPublisher#close()} takes for aws_iot and Paho in each
 * connection state (connected; connecting to a listener that never answers; disconnected, waiting
 * out a backoff after a refused connection), 10 stops each, and prints min/median/max in ms.
 * A fourth state, dropped (connected, then the link cut through a {@link CuttableRelay} and new
 * connections refused), is where aws_iot used to wait out its connect timeout (issue 14).
 * Run from the repository root (the classpath as Maven resolves it, printed by exec:exec):
 * <pre>
 * ./mvnw -o -q -pl edge-agent -am test-compile exec:exec -Dexec.executable=echo \
 *     -Dexec.classpathScope=test -Dexec.args="CP=%classpath" | grep edge-agent/target/test-classes \
 *     | sed 's/^CP=//' &gt; /tmp/cp.txt
 * java -cp "$(cat /tmp/cp.txt)" com.scalesense.agent.publish.StopTimes
 * </pre>
 */
public final class StopTimes {

    private static final int STOPS = 10;
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** A long first backoff, so the closed-port case is still waiting when it is stopped. */
    private static final Backoff LONG_WAIT = new Backoff(Duration.ofSeconds(30), Duration.ofSeconds(60));

    private enum State { CONNECTED, CONNECTING, BACKOFF, DROPPED }

    private StopTimes() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory("stop-times");
        TestPki pki = TestPki.create(home.resolve("pki"), "Stop Times CA", Instant.now());
        ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
        try (EmbeddedBroker broker = EmbeddedBroker.mutualTls(home.resolve("broker"), pki.brokerStores());
                SilentEndpoint silent = new SilentEndpoint();
                CuttableRelay relay = new CuttableRelay(broker.tlsPort())) {
            TestPki.Identity thing = pki.client("SCALE-0042", true);
            TlsSettings tls = new TlsSettings(pki.caPem(), thing.certPem(), thing.keyPem());
            for (String client : List.of("aws_iot", "paho")) {
                for (State state : State.values()) {
                    List<Long> ms = new ArrayList<>();
                    for (int i = 0; i < STOPS; i++) {
                        String id = TestDevices.fresh();
                        java.net.URI uri = switch (state) {
                            case CONNECTED -> broker.sslUri();
                            case CONNECTING -> silent.uri("ssl");
                            case BACKOFF -> SilentEndpoint.closedPort("ssl");
                            case DROPPED -> relay.uri("ssl");
                        };
                        relay.refuse(false);
                        MqttSettings settings = MqttSettings.of(uri, id, tls).withReconnect(LONG_WAIT);
                        int before = silent.connections();
                        SessionPublisher p = client.equals("aws_iot")
                                ? AwsIotPublisher.start(settings, scheduler, new Random(i))
                                : PahoPublisher.start(settings, scheduler, new Random(i));
                        BooleanSupplier reached = switch (state) {
                            case CONNECTED -> p::isConnected;
                            case CONNECTING -> () -> silent.connections() > before;
                            case BACKOFF -> () -> p.lastFailure() != null;
                            case DROPPED -> p::isConnected;
                        };
                        waitFor(reached);
                        if (state == State.CONNECTED || state == State.DROPPED) {
                            for (int k = 0; k < 5; k++) {
                                p.publish("scalesense/v1/" + id + "/batches", new byte[100]);
                            }
                        }
                        if (state == State.DROPPED) {
                            relay.refuse(true);
                            relay.cut();
                            waitFor(() -> !p.isConnected());
                        }
                        long start = System.nanoTime();
                        p.close();
                        ms.add((System.nanoTime() - start) / 1_000_000);
                    }
                    Collections.sort(ms);
                    System.out.printf("stop %-7s %-10s n=%d min=%d ms median=%d ms max=%d ms all=%s%n", client, state,
                            ms.size(), ms.get(0), (ms.get(4) + ms.get(5)) / 2, ms.get(ms.size() - 1), ms);
                }
            }
        } finally {
            scheduler.shutdownNow();
        }
        System.exit(0);
    }

    private static void waitFor(BooleanSupplier condition) {
        Awaitility.await("connection state").atMost(WAIT).pollInterval(Duration.ofMillis(10))
                .until(condition::getAsBoolean);
    }
}
