package com.scalesense.agent.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.DatagramPacket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.newsclub.net.unix.AFUNIXDatagramSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;

/** sd_notify against a real AF_UNIX datagram socket standing in for systemd's. */
class SdNotifierTest {

    private static final long PID = 4242;

    @TempDir
    Path dir;
    private AFUNIXDatagramSocket systemd;
    private Path socket;

    @BeforeEach
    void bind() throws IOException {
        socket = dir.resolve("notify");
        systemd = AFUNIXDatagramSocket.newInstance();
        systemd.bind(AFUNIXSocketAddress.of(socket));
        systemd.setSoTimeout(5_000); // bounded: a missing datagram fails the test instead of hanging it
    }

    @AfterEach
    void close() {
        systemd.close();
    }

    @Test
    void sends_ready_watchdog_and_stopping_as_datagrams_to_notify_socket() throws IOException {
        try (SdNotifier notifier = SdNotifier.fromEnvironment(Map.of("NOTIFY_SOCKET", socket.toString(),
                "WATCHDOG_USEC", "30000000", "WATCHDOG_PID", Long.toString(PID)), PID)) {
            notifier.ready("3 samples");
            notifier.watchdog();
            notifier.stopping("bye\nnow");

            assertThat(receive(3)).containsExactly("READY=1\nSTATUS=3 samples", "WATCHDOG=1",
                    "STOPPING=1\nSTATUS=bye now");
            assertThat(notifier.watchdogInterval()).contains(Duration.ofSeconds(30));
        }
    }

    @Test
    void watchdog_is_not_ours_when_watchdog_pid_names_another_process() {
        assertThat(SdNotifier.watchdogOf(Map.of("WATCHDOG_USEC", "30000000", "WATCHDOG_PID", "1"), PID)).isEmpty();
        assertThat(SdNotifier.watchdogOf(Map.of("WATCHDOG_USEC", "30000000"), PID)).contains(Duration.ofSeconds(30));
    }

    @Test
    void without_notify_socket_nothing_is_sent_and_no_watchdog_is_kept() throws IOException {
        try (SdNotifier notifier = SdNotifier.fromEnvironment(Map.of("WATCHDOG_USEC", "30000000"), PID)) {
            notifier.ready("x");

            assertThat(notifier.watchdogInterval()).isEmpty();
        }
        // the bound socket got nothing: a later datagram from a notifier that has it is the first one
        try (SdNotifier real = SdNotifier.fromEnvironment(Map.of("NOTIFY_SOCKET", socket.toString()), PID)) {
            real.status("first");
        }
        assertThat(receive(1)).containsExactly("STATUS=first");
    }

    private List<String> receive(int n) throws IOException {
        List<String> messages = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            DatagramPacket p = new DatagramPacket(new byte[4096], 4096);
            systemd.receive(p);
            messages.add(new String(p.getData(), 0, p.getLength(), StandardCharsets.UTF_8));
        }
        return messages;
    }
}
