package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.config.ConfigKey;
import com.scalesense.control.Replies;
import com.scalesense.agent.publish.SilentEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control socket's {@code status} says why the scale is not sending. Guards issue 14 item 2:
 * {@code last_error} and {@code connectivity.last_error} stayed null while the broker was down.
 */
class ConnectivityStatusIT {

    private static final Duration GUARD = Duration.ofMinutes(1);

    @Test
    void status_names_a_refused_connection_and_how_long_it_has_lasted(@TempDir Path dir) throws Exception {
        // given an agent whose broker address has nothing listening
        String broker = SilentEndpoint.closedPort("tcp").toString().replace("localhost", "127.0.0.1");
        try (AgentFixture scale = AgentFixture.start(dir, Map.of(ConfigKey.MQTT_BROKER_URI, broker))) {
            // when the technician asks for status
            await().atMost(GUARD).until(() -> scale.client.status().connectivity().lastError() != null);
            Replies.Status status = scale.client.status();
            System.out.println("connectivity.last_error: " + status.connectivity().lastError());
            // then both errors say it in words, with the time since the failure began
            assertThat(status.connectivity().connected()).isFalse();
            assertThat(status.connectivity().lastError()).startsWith("the broker refused the connection")
                    .contains("failing for ");
            assertThat(status.lastError()).isEqualTo(status.connectivity().lastError());
        }
    }
}
