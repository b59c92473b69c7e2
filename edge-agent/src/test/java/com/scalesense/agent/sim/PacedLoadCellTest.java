package com.scalesense.agent.sim;

import com.scalesense.agent.scale.ScriptedLoadCell;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.hal.RawSample;
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

    @Test
    void drain_hands_out_every_sample_whose_time_has_come_and_keeps_the_next_for_later() throws InterruptedException {
        // given speed 1 and a consumer back after 1.05 s: the samples of 0.1 s to 1.0 s are due
        AtomicLong realNanos = new AtomicLong();
        ScaledTime time = new ScaledTime(Clock.systemUTC(), realNanos::get, 1);
        List<Long> slept = new ArrayList<>();
        PacedLoadCell cell = new PacedLoadCell(new ScriptedLoadCell(0), time, nanos -> {
            slept.add(nanos);
            realNanos.addAndGet(nanos);
        });
        realNanos.set(1_050_000_000L);

        List<RawSample> burst = new ArrayList<>();
        int n = cell.drain(burst, 100, Duration.ofSeconds(1));

        // then ten samples at once, a period apart, without waiting
        assertThat(n).isEqualTo(10);
        assertThat(burst).extracting(RawSample::monotonicNanos)
                .containsExactly(100_000_000L, 200_000_000L, 300_000_000L, 400_000_000L, 500_000_000L,
                        600_000_000L, 700_000_000L, 800_000_000L, 900_000_000L, 1_000_000_000L);
        assertThat(slept).isEmpty();

        // and the next drain starts with the sample computed ahead (1.1 s), no sample skipped; a drain takes no more than asked
        realNanos.set(1_250_000_000L);
        List<RawSample> next = new ArrayList<>();
        assertThat(cell.drain(next, 1, Duration.ofSeconds(1))).isEqualTo(1);
        assertThat(cell.drain(next, 100, Duration.ofSeconds(1))).isEqualTo(1);
        assertThat(next).extracting(RawSample::monotonicNanos).containsExactly(1_100_000_000L, 1_200_000_000L);

        // and with nothing due the first sample is waited for, as read does
        assertThat(cell.read(Duration.ofSeconds(1)).monotonicNanos()).isEqualTo(1_300_000_000L);
        assertThat(slept).containsExactly(50_000_000L);
    }
}
