package com.scalesense.agent.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(5));

    @Test
    void ceiling_doubles_from_the_initial_wait_until_the_cap() {
        assertThat(backoff.ceiling(0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.ceiling(1)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.ceiling(8)).isEqualTo(Duration.ofSeconds(256));
        assertThat(backoff.ceiling(9)).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void ceiling_stays_at_the_cap_for_attempt_counts_that_would_overflow() {
        // guards against 1000 << 70 wrapping round to a tiny or negative wait after a week offline
        assertThat(backoff.ceiling(70)).isEqualTo(Duration.ofMinutes(5));
        assertThat(backoff.ceiling(Integer.MAX_VALUE)).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void delay_is_drawn_from_zero_to_the_ceiling_with_full_jitter() {
        Random random = new Random(7);
        long smallest = Long.MAX_VALUE;
        long largest = 0;
        for (int i = 0; i < 2_000; i++) {
            long ms = backoff.delay(3, random).toMillis();
            assertThat(ms).isBetween(0L, 8_000L);
            smallest = Math.min(smallest, ms);
            largest = Math.max(largest, ms);
        }
        // full jitter spreads a fleet over the whole window, not just its upper half
        assertThat(smallest).isLessThan(1_000L);
        assertThat(largest).isGreaterThan(7_000L);
    }

    @Test
    void the_same_seed_gives_the_same_delays() {
        assertThat(backoff.delay(5, new Random(1))).isEqualTo(backoff.delay(5, new Random(1)));
    }

    @Test
    void rejects_a_cap_below_the_initial_wait() {
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(10), Duration.ofSeconds(1)))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("backoff.cap").hasMessageContaining("PT1S");
    }
}
