package com.scalesense.agent.sim;

import com.scalesense.agent.scale.Sensors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ScaledTimeTest {

    private static final long WORLD_START_MS = 1_795_000_000_000L;

    private static Clock wallAt(long epochMs) {
        return Clock.fixed(Instant.ofEpochMilli(epochMs), ZoneOffset.UTC);
    }

    @Test
    void a_world_begun_now_starts_at_simulated_zero_and_the_real_wall_clock() {
        AtomicLong realNanos = new AtomicLong(5_000);
        ScaledTime time = new ScaledTime(wallAt(WORLD_START_MS), realNanos::get, 60);

        realNanos.addAndGet(Duration.ofSeconds(2).toNanos());

        assertThat(time.startNanos()).isZero();
        assertThat(time.monoNanos()).isEqualTo(Duration.ofMinutes(2).toNanos());
        assertThat(time.clock().millis()).isEqualTo(WORLD_START_MS + 120_000);
    }

    @Test
    void a_restart_continues_the_world_where_it_is_now() {
        // given a world that began 10 real seconds ago at 60x
        AtomicLong realNanos = new AtomicLong(77);
        ScaledTime time = ScaledTime.continuing(wallAt(WORLD_START_MS + 10_000), realNanos::get, 60, WORLD_START_MS);

        // then this run starts 10 simulated minutes into it, on the world's wall clock
        assertThat(time.startNanos()).isEqualTo(Duration.ofMinutes(10).toNanos());
        assertThat(time.monoNanos()).isEqualTo(Duration.ofMinutes(10).toNanos());
        assertThat(time.originWallMs()).isEqualTo(WORLD_START_MS);
        assertThat(time.clock().millis()).isEqualTo(WORLD_START_MS + 600_000);

        // when one more real second passes
        realNanos.addAndGet(Duration.ofSeconds(1).toNanos());

        // then one more simulated minute has
        assertThat(time.clock().millis()).isEqualTo(WORLD_START_MS + 660_000);
        assertThat(time.realNanosUntil(Duration.ofMinutes(12).toNanos())).isEqualTo(Duration.ofSeconds(1).toNanos());
    }

    @Test
    void two_runs_of_the_same_world_agree_on_the_time() {
        ScaledTime first = ScaledTime.continuing(wallAt(WORLD_START_MS + 3_000), () -> 0, 100, WORLD_START_MS);
        ScaledTime second = ScaledTime.continuing(wallAt(WORLD_START_MS + 3_000), () -> 123_456_789, 100, WORLD_START_MS);

        assertThat(second.clock().millis()).isEqualTo(first.clock().millis()).isEqualTo(WORLD_START_MS + 300_000);
    }

    @Test
    void refuses_a_world_that_has_not_begun_or_would_run_past_2100() {
        assertThatThrownBy(() -> ScaledTime.continuing(wallAt(WORLD_START_MS - 1), () -> 0, 1, WORLD_START_MS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("simulate.world_start")
                .hasMessageContaining("has not begun");
        long aYear = Duration.ofDays(365).toMillis();
        assertThatThrownBy(() -> ScaledTime.continuing(wallAt(WORLD_START_MS + aYear), () -> 0, 10_000, WORLD_START_MS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("past 2100");
    }

    @Test
    void the_simulated_scale_of_a_continued_world_samples_from_now_not_from_the_start() throws InterruptedException {
        // given a world that began 36 real seconds ago at 100x: one simulated hour
        AtomicLong realNanos = new AtomicLong();
        ScaledTime time = ScaledTime.continuing(wallAt(WORLD_START_MS + 36_000), realNanos::get, 100, WORLD_START_MS);

        // when the simulated scale is built and, one real millisecond (100 simulated) later, sampled
        Sensors sensors = SimulatedScale.build(time, 7, SampleRate.SPS_10);
        realNanos.addAndGet(1_000_000); // the sample is due: the pacing does not sleep
        RawSample first = sensors.loadCell().read(Duration.ofSeconds(1));

        // then its first sample is the one after the first simulated hour, stamped on the world's clock
        assertThat(first.monotonicNanos()).isEqualTo(Duration.ofHours(1).toNanos() + SampleRate.SPS_10.periodNanos());
        assertThat(first.wallMillis()).isEqualTo(WORLD_START_MS + 3_600_100);
        assertThat(sensors.clock().millis()).isEqualTo(WORLD_START_MS + 3_600_100);
    }
}
