package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReplayLoadCellTest {

    private static final long MS = 1_000_000L;
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final long T0 = 1763776800000L;

    @TempDir
    Path dir;

    private final ManualReplayClock clock = new ManualReplayClock(5_000 * MS, 1_800_000_000_000L);

    private Path threeRows() {
        return Traces.write(dir, "three.csv", Traces.HEADER
                + T0 + ",100,ok\n" + (T0 + 13) + ",-200,not_ready\n" + (T0 + 25) + ",8388607,saturated\n");
    }

    @Test
    void plays_rows_at_the_recorded_pace_with_recorded_values_and_statuses() throws InterruptedException {
        // given
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime(), clock)) {
            // when
            RawSample a = cell.read(TIMEOUT);
            RawSample b = cell.read(TIMEOUT);
            RawSample c = cell.read(TIMEOUT);

            // then: the first row is due at once, the others 13 ms and 12 ms after it
            assertThat(clock.sleeps()).containsExactly(13 * MS, 12 * MS);
            assertThat(new int[] {a.value(), b.value(), c.value()}).containsExactly(100, -200, 8388607);
            assertThat(a.status()).isEqualTo(SampleStatus.OK);
            assertThat(b.status()).isEqualTo(SampleStatus.NOT_READY);
            assertThat(c.status()).isEqualTo(SampleStatus.SATURATED);
            assertThat(cell.rate()).isEqualTo(SampleRate.SPS_80);
        }
    }

    @Test
    void plays_ten_times_faster_at_speed_ten_keeping_recorded_intervals_in_the_stamps() throws InterruptedException {
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime().withSpeed(10), clock)) {
            RawSample a = cell.read(TIMEOUT);
            cell.read(TIMEOUT);
            RawSample c = cell.read(TIMEOUT);

            assertThat(clock.sleeps()).containsExactly(1_300_000L, 1_200_000L);
            assertThat(c.monotonicNanos() - a.monotonicNanos()).isEqualTo(25 * MS);
        }
    }

    @Test
    void never_sleeps_when_played_as_fast_as_possible() throws InterruptedException {
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.asFastAsPossible(), clock)) {
            int[] values = {cell.read(TIMEOUT).value(), cell.read(TIMEOUT).value(), cell.read(TIMEOUT).value()};

            assertThat(values).containsExactly(100, -200, 8388607);
            assertThat(clock.sleeps()).isEmpty();
        }
    }

    @Test
    void returns_not_ready_after_the_timeout_when_the_next_row_is_not_due_yet_then_the_row() throws InterruptedException {
        // given a row due 13 ms after the first and a read that may wait only 5 ms
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime(), clock)) {
            cell.read(TIMEOUT);

            // when
            RawSample early = cell.read(Duration.ofMillis(5));
            RawSample due = cell.read(TIMEOUT);

            // then
            assertThat(early.status()).isEqualTo(SampleStatus.NOT_READY);
            assertThat(early.value()).isZero();
            assertThat(due.value()).isEqualTo(-200);
            assertThat(clock.sleeps()).containsExactly(5 * MS, 8 * MS);
        }
    }

    @Test
    void does_not_wait_for_rows_already_due_when_the_consumer_fell_behind() throws InterruptedException {
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime(), clock)) {
            cell.read(TIMEOUT);
            clock.advance(100 * MS);

            cell.read(TIMEOUT);
            cell.read(TIMEOUT);

            assertThat(clock.sleeps()).isEmpty();
        }
    }

    @Test
    void stamps_wall_time_as_recorded_or_shifted_to_the_replay_start() throws InterruptedException {
        ReplayOptions recorded = ReplayOptions.asFastAsPossible();
        ReplayOptions shifted = recorded.withStamping(ReplayOptions.Stamping.SHIFTED_TO_REPLAY_START);
        Path trace = threeRows();

        try (ReplayLoadCell asRecorded = ReplayLoadCell.open(trace, recorded, clock);
             ReplayLoadCell asShifted = ReplayLoadCell.open(trace, shifted, clock)) {
            assertThat(asRecorded.read(TIMEOUT).wallMillis()).isEqualTo(T0);
            assertThat(asRecorded.read(TIMEOUT).wallMillis()).isEqualTo(T0 + 13);
            assertThat(asShifted.read(TIMEOUT).wallMillis()).isEqualTo(1_800_000_000_000L);
            RawSample second = asShifted.read(TIMEOUT);
            assertThat(second.wallMillis()).isEqualTo(1_800_000_000_013L);
            assertThat(second.monotonicNanos()).isEqualTo(5_000 * MS + 13 * MS);
        }
    }

    @Test
    void stops_at_the_end_with_not_ready_after_each_timeout_and_reports_finished() throws InterruptedException {
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.asFastAsPossible(), clock)) {
            for (int i = 0; i < 3; i++) {
                cell.read(TIMEOUT);
            }
            assertThat(cell.finished()).isFalse();

            RawSample after = cell.read(TIMEOUT);

            assertThat(after.status()).isEqualTo(SampleStatus.NOT_READY);
            assertThat(cell.finished()).isTrue();
            assertThat(clock.sleeps()).containsExactly(TIMEOUT.toNanos());
        }
    }

    @Test
    void loops_from_the_first_row_with_times_shifted_by_span_plus_one_period() throws InterruptedException {
        ReplayOptions loop = ReplayOptions.asFastAsPossible().withAtEnd(ReplayOptions.AtEnd.LOOP);
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), loop, clock)) {
            long previous = -1;
            for (int i = 0; i < 7; i++) {
                RawSample sample = cell.read(TIMEOUT);
                assertThat(sample.wallMillis()).isGreaterThan(previous);
                previous = sample.wallMillis();
                if (i == 3) {
                    // span 25 ms + ceil(12.5 ms) period at 80 SPS
                    assertThat(sample.wallMillis()).isEqualTo(T0 + 25 + 13);
                    assertThat(sample.value()).isEqualTo(100);
                }
            }
            assertThat(cell.finished()).isFalse();
        }
    }

    @Test
    void an_empty_trace_is_finished_at_once_even_when_looping() throws InterruptedException {
        Path empty = Traces.write(dir, "empty.csv", Traces.HEADER);
        ReplayOptions loop = ReplayOptions.asFastAsPossible().withAtEnd(ReplayOptions.AtEnd.LOOP);

        try (ReplayLoadCell cell = ReplayLoadCell.open(empty, loop, clock)) {
            assertThat(cell.read(TIMEOUT).status()).isEqualTo(SampleStatus.NOT_READY);
            assertThat(cell.finished()).isTrue();
        }
    }

    @Test
    void keeps_the_row_for_the_next_read_when_a_wait_is_interrupted() throws InterruptedException {
        // given a clock whose next sleep is interrupted, as when the agent shuts down mid-wait
        boolean[] interruptNext = {false};
        ReplayClock interrupting = new ReplayClock() {
            @Override
            public long nanoTime() {
                return clock.nanoTime();
            }

            @Override
            public long wallMillis() {
                return clock.wallMillis();
            }

            @Override
            public void sleepNanos(long nanos) throws InterruptedException {
                if (interruptNext[0]) {
                    interruptNext[0] = false;
                    throw new InterruptedException("shutdown");
                }
                clock.sleepNanos(nanos);
            }
        };
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime(), interrupting)) {
            cell.read(TIMEOUT);
            interruptNext[0] = true;

            // when
            assertThatThrownBy(() -> cell.read(TIMEOUT)).isInstanceOf(InterruptedException.class);

            // then the second row is not lost
            assertThat(cell.read(TIMEOUT).value()).isEqualTo(-200);
        }
    }

    @Test
    void reports_a_bad_line_at_open_before_handing_out_any_sample() {
        // guards against a replay that fails hours in, after the pipeline has used half a trace
        Path bad = Traces.write(dir, "bad.csv", Traces.HEADER + "100,1\n200,1\n300,99999999\n");

        assertThatThrownBy(() -> ReplayLoadCell.open(bad, ReplayOptions.realTime(), clock))
                .isInstanceOfSatisfying(TraceFormatException.class, e -> {
                    assertThat(e.lineNumber()).isEqualTo(10);
                    assertThat(e.lastGoodLine()).isEqualTo(9);
                    assertThat(e.source()).isEqualTo("bad.csv");
                });
    }

    @Test
    void summary_counts_rows_and_span() {
        try (ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime(), clock)) {
            assertThat(cell.summary().rowCount()).isEqualTo(3);
            assertThat(cell.summary().spanMs()).isEqualTo(25);
        }
    }

    @Test
    void refuses_reads_after_close_and_closes_twice_quietly() {
        ReplayLoadCell cell = ReplayLoadCell.open(threeRows(), ReplayOptions.realTime(), clock);
        cell.close();
        cell.close();

        assertThatThrownBy(() -> cell.read(TIMEOUT)).isInstanceOf(TraceClosedException.class)
                .hasMessageContaining("three.csv");
    }

    @Test
    void names_the_missing_file() {
        Path missing = dir.resolve("nope.csv");

        assertThatThrownBy(() -> ReplayLoadCell.open(missing, ReplayOptions.realTime(), clock))
                .isInstanceOfSatisfying(TraceIoException.class, e -> assertThat(e.path()).isEqualTo(missing));
    }

    @Test
    void rejects_a_speed_that_is_not_positive() {
        assertThatThrownBy(() -> ReplayOptions.realTime().withSpeed(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("speed '0.0'");
    }
}
