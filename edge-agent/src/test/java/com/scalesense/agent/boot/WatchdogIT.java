package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.notify.SdNotifier;
import com.scalesense.agent.publish.EmbeddedBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * systemd's watchdog is fed by the housekeeping round while the agent is healthy, online included:
 * the round wakes the uplink itself, whose own safety net (uplink.pump_interval, 60 s) is far longer
 * than the watchdog allows between two checks. Issue 18 folded five timers into that one round.
 */
class WatchdogIT {

    private static final Duration GUARD = Duration.ofMinutes(1);
    /**
     * Rounds of 2 s (a third of it), as WatchdogSec=30s gives rounds of 10 s; above the sampling
     * thread's 1 s bursts (ScaleLoop.BURST_PERIOD), which the check must see between two rounds.
     */
    private static final Duration WATCHDOG = Duration.ofSeconds(6);
    private static final int FED = 5;

    @TempDir
    Path dir;

    @Test
    void an_online_agent_with_nothing_to_send_keeps_feeding_the_watchdog() throws Exception {
        List<String> told = new CopyOnWriteArrayList<>();
        try (EmbeddedBroker broker = EmbeddedBroker.plain(dir.resolve("broker"))) {
            // given an online agent that seals nothing for minutes (a reading an hour, batches of 2 h:
            // at 20x a reading every 3 real minutes), so only the round wakes its uplink
            Map<ConfigKey, String> quiet = Map.of(
                    ConfigKey.MQTT_BROKER_URI, broker.tcpUri().toString(),
                    ConfigKey.READING_INTERVAL, "1h");
            try (AgentFixture scale = AgentFixture.start(dir.resolve("agent"), quiet,
                    new SdNotifier(told::add, WATCHDOG))) {
                // when it runs: then the watchdog is fed again and again (a busy machine may skip a round
                // as unhealthy: that only takes longer)
                await().atMost(GUARD).until(() -> count(told, "WATCHDOG=1") >= FED);
                assertThat(scale.client.status().connectivity().connected()).isTrue();
            }
        }
        assertThat(count(told, "READY=1")).isOne();
        // each healthy round also tells systemctl status what the agent is doing
        assertThat(told).anyMatch(m -> m.matches(
                "STATUS=\\d+ samples, \\d+ readings, outbox \\d+ pending/\\d+ sealed/\\d+ dropped, (connected|connecting)"));
    }

    private static long count(List<String> told, String message) {
        return told.stream().filter(m -> m.lines().anyMatch(message::equals)).count();
    }
}
