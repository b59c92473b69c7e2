package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HealthCheckTest {

    @Test
    void feeds_the_watchdog_while_sampling_batching_and_uplink_progress() {
        HealthCheck check = new HealthCheck(true);
        check.healthy(new HealthCheck.Progress(10, 1, 5));

        assertThat(check.healthy(new HealthCheck.Progress(20, 2, 6))).isTrue();
        assertThat(check.lastProblem()).isNull();
    }

    @Test
    void starves_the_watchdog_when_sampling_stalls() {
        // guards against a wedged GPIO read keeping the service "active" for ever
        HealthCheck check = new HealthCheck(true);
        check.healthy(new HealthCheck.Progress(10, 1, 5));

        assertThat(check.healthy(new HealthCheck.Progress(10, 2, 6))).isFalse();
        assertThat(check.lastProblem()).contains("sampling stalled");
    }

    @Test
    void starves_the_watchdog_when_the_uplink_loop_stalls_but_not_when_offline() {
        HealthCheck online = new HealthCheck(true);
        HealthCheck offline = new HealthCheck(false);
        online.healthy(new HealthCheck.Progress(10, 1, 5));
        offline.healthy(new HealthCheck.Progress(10, 1, 0));

        assertThat(online.healthy(new HealthCheck.Progress(20, 2, 5))).isFalse();
        assertThat(online.lastProblem()).contains("uplink");
        assertThat(offline.healthy(new HealthCheck.Progress(20, 2, 0))).isTrue();
    }
}
