package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.scale.ScaleLoop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HousekeepingTest {

    private final List<String> done = new ArrayList<>();

    @Test
    void each_round_runs_its_due_chores_in_order_and_a_slower_one_every_nth_round() {
        Housekeeping rounds = new Housekeeping(List.of(
                Housekeeping.Chore.eachRound("tick", () -> done.add("tick")),
                new Housekeeping.Chore("ambient", 3, () -> done.add("ambient")),
                Housekeeping.Chore.eachRound("health", () -> done.add("health"))));

        for (int i = 0; i < 3; i++) {
            rounds.run();
        }

        assertThat(done).containsExactly("tick", "health", "tick", "health", "tick", "ambient", "health");
        assertThat(rounds.rounds()).isEqualTo(3);
    }

    @Test
    void the_sampling_threads_quiet_burst_is_half_a_round_so_each_health_check_sees_samples_between_one_and_four_seconds() {
        assertThat(ScaleAgent.quietBurst(Duration.ofSeconds(10))).as("WatchdogSec=30").isEqualTo(Duration.ofSeconds(4));
        assertThat(ScaleAgent.quietBurst(Duration.ofSeconds(6))).as("WatchdogSec=18").isEqualTo(Duration.ofSeconds(3));
        assertThat(ScaleAgent.quietBurst(Duration.ofSeconds(2))).as("WatchdogSec=6").isEqualTo(Duration.ofSeconds(1));
        assertThat(ScaleAgent.quietBurst(Duration.ofMillis(600))).as("a round shorter than two bursts")
                .isEqualTo(ScaleLoop.BURST_PERIOD);
    }

    @Test
    void a_chore_that_throws_neither_stops_the_round_nor_the_next_one() {
        // The executor cancels a periodic task that throws: the watchdog would starve with it.
        Housekeeping rounds = new Housekeeping(List.of(
                Housekeeping.Chore.eachRound("control idle check", () -> {
                    throw new IllegalStateException("socket gone");
                }),
                Housekeeping.Chore.eachRound("health", () -> done.add("health"))));

        rounds.run();
        rounds.run();

        assertThat(done).containsExactly("health", "health");
    }

    @Test
    void a_chore_runs_at_least_every_round() {
        assertThatThrownBy(() -> new Housekeeping.Chore("ambient", 0, () -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("everyRounds must be >= 1");
    }
}
