package com.scalesense.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the housekeeping round's check is close enough for control.idle_timeout, and when it needs its own. */
class IdleConnectionsTest {

    private static final Duration ROUND = Duration.ofSeconds(10);

    @Test
    void the_shipped_timeout_is_checked_by_the_round_alone() {
        IdleConnections idle = new IdleConnections(Duration.ofSeconds(30), () -> 0L);

        assertThat(idle.needsOwnCheck(ROUND)).isFalse(); // a session lives at most 40 s, 1.33 × the timeout
    }

    @Test
    void a_timeout_of_two_rounds_is_checked_by_the_round_alone() {
        assertThat(new IdleConnections(Duration.ofSeconds(20), () -> 0L).needsOwnCheck(ROUND)).isFalse();
    }

    @Test
    void a_timeout_shorter_than_two_rounds_gets_its_own_check_every_quarter_of_it() {
        IdleConnections idle = new IdleConnections(Duration.ofMillis(19_999), () -> 0L);

        assertThat(idle.needsOwnCheck(ROUND)).isTrue();
        assertThat(idle.checkEvery()).isEqualTo(Duration.ofMillis(4_999).plusNanos(750_000));
    }
}
