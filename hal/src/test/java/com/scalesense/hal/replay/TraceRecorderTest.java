package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceRecorderTest {

    private static final long MS = 1_000_000L;
    private static final long WALL = 1763776800000L;
    private static final TraceHeader HEADER = TraceHeader.of(SampleRate.SPS_80, TraceGain.A_128,
            Instant.parse("2026-11-22T02:00:00Z")).withNote("device_id", "SCALE-0042");

    @TempDir
    Path dir;

    private static RawSample sample(int value, long elapsedMs, SampleStatus status) {
        return new RawSample(value, 7_000 * MS + elapsedMs * MS + 400_000, WALL + elapsedMs, status);
    }

    @Test
    void writes_the_header_and_one_row_per_sample_in_trace_format_v1() {
        Path file = dir.resolve("t.csv");

        try (TraceRecorder recorder = TraceRecorder.create(file, HEADER, Duration.ofSeconds(1))) {
            recorder.record(sample(120345, 0, SampleStatus.OK));
            recorder.record(sample(0, 13, SampleStatus.DISCONNECTED));
        }

        assertThat(Traces.read(file)).isEqualTo("""
                # scale-sense trace v1
                # rate_sps=80
                # gain=A_128
                # started_at=2026-11-22T02:00:00Z
                # device_id=SCALE-0042
                timestamp_ms,raw_counts,status
                1763776800000,120345,ok
                1763776800013,0,disconnected
                """);
    }

    @Test
    void flushes_rows_once_the_flush_interval_of_trace_time_has_passed() {
        // given a recorder that flushes every 100 ms of trace time
        Path file = dir.resolve("t.csv");
        try (TraceRecorder recorder = TraceRecorder.create(file, HEADER, Duration.ofMillis(100))) {
            // when rows span less than the interval, they stay in the buffer
            recorder.record(sample(1, 0, SampleStatus.OK));
            recorder.record(sample(2, 50, SampleStatus.OK));
            assertThat(Traces.read(file)).doesNotContain(",2,ok");

            // when a row reaches the interval, everything so far is on disk
            recorder.record(sample(3, 100, SampleStatus.OK));
            assertThat(Traces.read(file)).contains(",1,ok", ",2,ok", ",3,ok");
            assertThat(recorder.rowsWritten()).isEqualTo(3);
        }
    }

    @Test
    void keeps_timestamps_increasing_from_monotonic_time_when_the_wall_clock_steps_back() {
        // guards the strict-increase rule against an NTP step during capture
        Path file = dir.resolve("t.csv");
        try (TraceRecorder recorder = TraceRecorder.create(file, HEADER, Duration.ZERO)) {
            recorder.record(sample(1, 0, SampleStatus.OK));
            recorder.record(new RawSample(2, 7_000 * MS + 13 * MS + 400_000, WALL - 3_600_000 + 13, SampleStatus.OK));
            recorder.record(new RawSample(3, 7_000 * MS + 25 * MS + 400_000, WALL - 3_600_000 + 25, SampleStatus.OK));
        }

        assertThat(Traces.read(file)).contains("1763776800000,1,ok\n1763776800013,2,ok\n1763776800025,3,ok\n");
    }

    @Test
    void gives_two_samples_in_the_same_millisecond_consecutive_timestamps() {
        Path file = dir.resolve("t.csv");
        try (TraceRecorder recorder = TraceRecorder.create(file, HEADER, Duration.ZERO)) {
            recorder.record(sample(1, 0, SampleStatus.OK));
            recorder.record(new RawSample(0, 7_000 * MS + 500_000, WALL, SampleStatus.NOT_READY));
        }

        assertThat(Traces.read(file)).contains("1763776800000,1,ok\n1763776800001,0,not_ready\n");
    }

    @Test
    void refuses_a_value_beyond_24_bits_and_writes_nothing_for_it() {
        Path file = dir.resolve("t.csv");
        try (TraceRecorder recorder = TraceRecorder.create(file, HEADER, Duration.ZERO)) {
            recorder.record(sample(1, 0, SampleStatus.OK));

            assertThatThrownBy(() -> recorder.record(sample(0x800000, 13, SampleStatus.OK)))
                    .isInstanceOfSatisfying(TraceFormatException.class, e -> {
                        assertThat(e.column()).isEqualTo("raw_counts");
                        assertThat(e.value()).isEqualTo("8388608");
                        assertThat(e.lineNumber()).isEqualTo(8);
                    });
            assertThat(recorder.rowsWritten()).isEqualTo(1);
        }
        assertThat(Traces.read(file)).doesNotContain("8388608");
    }

    @Test
    void never_overwrites_an_existing_trace() {
        Path existing = Traces.write(dir, "t.csv", "precious");

        assertThatThrownBy(() -> TraceRecorder.create(existing, HEADER, Duration.ZERO))
                .isInstanceOf(TraceIoException.class).hasMessageContaining("t.csv");
        assertThat(Traces.read(existing)).isEqualTo("precious");
    }

    @Test
    void refuses_samples_after_close() {
        TraceRecorder recorder = TraceRecorder.create(dir.resolve("t.csv"), HEADER, Duration.ZERO);
        recorder.close();
        recorder.close();

        assertThatThrownBy(() -> recorder.record(sample(1, 0, SampleStatus.OK)))
                .isInstanceOf(TraceClosedException.class);
    }

    @Test
    void rejects_a_note_that_would_break_the_header() {
        assertThatThrownBy(() -> HEADER.withNote("note", "two\nlines"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one line");
        assertThatThrownBy(() -> HEADER.withNote("rate_sps", "10"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rate_sps");
    }
}
