package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
