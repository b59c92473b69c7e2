package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordingLoadCellTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    private final ManualReplayClock clock = new ManualReplayClock(0, 1_800_000_000_000L);

    @Test
    void records_every_sample_it_hands_out_including_faults_and_timeouts() throws InterruptedException {
        // given a replayed source whose trace has a fault, and a recorder around it
        long t0 = 1763776800000L;
        Path source = Traces.write(dir, "in.csv", Traces.HEADER
                + t0 + ",10,ok\n" + (t0 + 13) + ",0,timing_violation\n" + (t0 + 25) + ",30,ok\n");
        Path copy = dir.resolve("out.csv");
        ReplayLoadCell replay = ReplayLoadCell.open(source, ReplayOptions.realTime(), clock);
        TraceHeader header = TraceHeader.of(SampleRate.SPS_80, TraceGain.A_128, Instant.parse("2026-11-22T02:00:00Z"));
        List<RawSample> handedOut = new ArrayList<>();

        // when it reads the whole trace, one read timing out before the second row is due
        try (RecordingLoadCell cell = new RecordingLoadCell(replay,
                TraceRecorder.create(copy, header, Duration.ofSeconds(1)))) {
            handedOut.add(cell.read(TIMEOUT));
            handedOut.add(cell.read(Duration.ofMillis(5)));
            handedOut.add(cell.read(TIMEOUT));
            handedOut.add(cell.read(TIMEOUT));
        }

        // then the copy holds what was handed out, and the source was closed with it
        List<TraceRow> rows = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(copy)) {
            for (Optional<TraceRow> row = reader.next(); row.isPresent(); row = reader.next()) {
                rows.add(row.get());
            }
        }
        assertThat(rows).extracting(TraceRow::rawCounts)
                .containsExactlyElementsOf(handedOut.stream().map(RawSample::value).toList());
        assertThat(rows).extracting(TraceRow::status)
                .containsExactlyElementsOf(handedOut.stream().map(RawSample::status).toList());
        assertThatThrownBy(() -> replay.read(TIMEOUT)).isInstanceOf(TraceClosedException.class);
    }

    @Test
    void refuses_a_recorder_whose_header_states_another_rate() {
        Path source = Traces.write(dir, "in.csv", Traces.HEADER);
        TraceHeader tenSps = TraceHeader.of(SampleRate.SPS_10, TraceGain.A_128, Instant.parse("2026-11-22T02:00:00Z"));

        try (ReplayLoadCell replay = ReplayLoadCell.open(source, ReplayOptions.realTime(), clock);
             TraceRecorder recorder = TraceRecorder.create(dir.resolve("out.csv"), tenSps, Duration.ZERO)) {
            assertThatThrownBy(() -> new RecordingLoadCell(replay, recorder))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rate_sps '10'");
        }
    }
}
