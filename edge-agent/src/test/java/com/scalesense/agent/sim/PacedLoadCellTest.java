package com.scalesense.agent.sim;

import com.scalesense.agent.scale.ScriptedLoadCell;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PacedLoadCellTest {

    @Test
    void hands_out_each_sample_when_its_simulated_time_comes_at_the_given_speed() throws InterruptedException {
        // given a real clock the test moves, and speed 10: a 100 ms sample period is 10 ms real
        AtomicLong realNanos = new AtomicLong(1_000);
        ScaledTime time = new ScaledTime(Clock.fixed(Instant.ofEpochMilli(1_790_000_000_000L), ZoneOffset.UTC),
                realNanos::get, 10);
        List<Long> slept = new ArrayList<>();
        PacedLoadCell cell = new PacedLoadCell(new ScriptedLoadCell(time.originWallMs()), time, nanos -> {
            slept.add(nanos);
            realNanos.addAndGet(nanos);
        });

        // when three samples are read
        for (int i = 0; i < 3; i++) {
            cell.read(Duration.ofSeconds(1));
        }

        // then each waited one real period (10 ms), and the simulated wall clock moved 300 ms
        assertThat(slept).containsExactly(10_000_000L, 10_000_000L, 10_000_000L);
        assertThat(time.clock().millis()).isEqualTo(1_790_000_000_300L);
    }

    @Test
    void does_not_wait_when_the_consumer_is_late() throws InterruptedException {
        AtomicLong realNanos = new AtomicLong();
        ScaledTime time = new ScaledTime(Clock.systemUTC(), realNanos::get, 1);
        List<Long> slept = new ArrayList<>();
        PacedLoadCell cell = new PacedLoadCell(new ScriptedLoadCell(0), time, slept::add);
        realNanos.set(Duration.ofSeconds(5).toNanos());

        cell.read(Duration.ofSeconds(1));

        assertThat(slept).isEmpty();
    }
}
