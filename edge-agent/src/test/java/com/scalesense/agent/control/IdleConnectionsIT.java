package com.scalesense.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.scalesense.control.ControlClient;
import com.scalesense.control.ControlException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control socket over real Unix sockets, its idle clock injected. Guards issue 14 item 4: four
 * idle {@code socat} sessions kept everyone out for ever, and the {@code busy} reply the agent sent
 * reached the client as a broken pipe.
 */
class IdleConnectionsIT {

    private static final Duration GUARD = Duration.ofMinutes(1);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private final AtomicLong nanos = new AtomicLong();
    private final List<SocketChannel> idleClients = new ArrayList<>();
    private ControlServer server;
    private final RecordingControlService service = new RecordingControlService();

    @AfterEach
    void close() throws IOException {
        for (SocketChannel c : idleClients) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private void startServerWithIdleClients(int count) throws IOException {
        Path socket = dir.resolve("control.sock");
        server = ControlServer.start(socket, service, new IdleConnections(TIMEOUT, nanos::get));
        for (int i = 0; i < count; i++) {
            SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
            c.connect(UnixDomainSocketAddress.of(socket));
            idleClients.add(c);
        }
        await().atMost(GUARD).until(() -> server.openConnections() == count);
    }

    @Test
    void a_client_beyond_the_limit_gets_busy_with_the_number_of_sessions_not_a_broken_pipe() throws IOException {
        // given as many idle sessions as the agent serves
        startServerWithIdleClients(ControlServer.MAX_CONNECTIONS);
        ControlClient technician = new ControlClient(dir.resolve("control.sock"));
        // when / then
        assertThatThrownBy(technician::status).isInstanceOfSatisfying(ControlException.class, e -> {
            assertThat(e.code()).isEqualTo("busy");
            assertThat(e.getMessage()).contains("the scale is busy: " + ControlServer.MAX_CONNECTIONS
                    + " other control sessions are open");
        });
    }

    @Test
    void idle_sessions_are_closed_after_the_timeout_and_the_technician_gets_in() throws IOException {
        startServerWithIdleClients(ControlServer.MAX_CONNECTIONS);
        ControlClient technician = new ControlClient(dir.resolve("control.sock"));
        // when less than the timeout has passed, nobody is closed
        nanos.addAndGet(TIMEOUT.minusSeconds(1).toNanos());
        assertThat(server.closeIdle()).isZero();
        // when the timeout has passed
        nanos.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(server.closeIdle()).isEqualTo(ControlServer.MAX_CONNECTIONS);
        // then the idle clients see their connection end, and a request is served
        for (SocketChannel c : idleClients) {
            assertThat(c.read(java.nio.ByteBuffer.allocate(1))).isEqualTo(-1);
        }
        await().atMost(GUARD).ignoreExceptions().untilAsserted(() -> assertThat(technician.tareKeg("empty")).isNotNull());
        assertThat(service.tares).containsExactly("empty");
    }
}
