package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Recording a sequence of samples and replaying the file gives the same samples back: one case
 * per seed (the seed is in the test's name; {@code -Dproperties.seed=N} moves the base).
 */
class RecordReplayProperties {

    private static final long MS = 1_000_000L;

    /** One generated sample: its gap after the previous one and its content. */
    record Step(long gapMs, long subMillisNanos, int value, SampleStatus status) {
    }

    static LongStream seeds() {
        long base = Long.getLong("properties.seed", 20_261_123L);
        return LongStream.range(0, 200).map(i -> base + i);
    }

    /** Up to 60 steps: gaps of 1 ms to 5 s, any sub-millisecond part, any value and status. */
    private static List<Step> steps(Random r) {
        List<Step> steps = new ArrayList<>();
        for (int i = r.nextInt(61); i > 0; i--) {
            steps.add(new Step(1 + r.nextInt(5_000), (long) (r.nextDouble() * MS),
                    RawSample.MIN_COUNT + r.nextInt(RawSample.MAX_COUNT - RawSample.MIN_COUNT + 1),
                    SampleStatus.values()[r.nextInt(SampleStatus.values().length)]));
        }
        return steps;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void replaying_a_recording_gives_the_recorded_values_statuses_and_wall_times(long seed)
            throws InterruptedException {
        Random r = new Random(seed);
        List<Step> steps = steps(r);
        // from the epoch (a Pi before time sync) to 2100
        long wallStart = (long) (r.nextDouble() * 4_102_444_800_000L);
        Path file = tempFile();
        try {
            // given samples whose monotonic and wall clocks move together, as on a healthy scale
            List<RawSample> recorded = new ArrayList<>();
            long elapsedMs = 0;
            for (Step step : steps) {
                elapsedMs += step.gapMs();
                recorded.add(new RawSample(step.value(), 3 * MS + elapsedMs * MS + step.subMillisNanos(),
                        wallStart + elapsedMs, step.status()));
            }
            TraceHeader header = TraceHeader.of(SampleRate.SPS_10, TraceGain.A_64, Instant.ofEpochMilli(wallStart));

            // when they are recorded and replayed as fast as possible with recorded stamps
            try (TraceRecorder recorder = TraceRecorder.create(file, header, Duration.ofMillis(500))) {
                recorded.forEach(recorder::record);
            }
            List<RawSample> replayed = new ArrayList<>();
            try (ReplayLoadCell cell = ReplayLoadCell.open(file, ReplayOptions.asFastAsPossible(),
                    new ManualReplayClock(0, 0))) {
                for (int i = 0; i < recorded.size(); i++) {
                    replayed.add(cell.read(Duration.ofSeconds(1)));
                }
                assertThat(cell.rate()).isEqualTo(SampleRate.SPS_10);
                assertThat(cell.summary().header()).isEqualTo(header);
                assertThat(cell.read(Duration.ofSeconds(1)).status()).isEqualTo(SampleStatus.NOT_READY);
                assertThat(cell.finished()).isTrue();
            }

            // then
            assertThat(replayed).extracting(RawSample::value)
                    .containsExactlyElementsOf(recorded.stream().map(RawSample::value).toList());
            assertThat(replayed).extracting(RawSample::status)
                    .containsExactlyElementsOf(recorded.stream().map(RawSample::status).toList());
            assertThat(replayed).extracting(RawSample::wallMillis)
                    .containsExactlyElementsOf(recorded.stream().map(RawSample::wallMillis).toList());
        } finally {
            delete(file);
        }
    }

    private static Path tempFile() {
        try {
            Path dir = Files.createTempDirectory("trace-prop");
            return dir.resolve("t.csv");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
