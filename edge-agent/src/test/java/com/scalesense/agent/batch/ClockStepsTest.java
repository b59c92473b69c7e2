package com.scalesense.agent.batch;

import static com.scalesense.agent.batch.ScaleFixture.KEG_A;
import static com.scalesense.agent.batch.ScaleFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.clock.SystemdTimeSync;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClockStepsTest {

    /** Seed 001: 2000-01-01T00:00:00Z. */
    private static final long Y2000 = 946_684_800_000L;

    @TempDir
    Path dir;

    @Test
    void windows_stay_strictly_increasing_and_every_reading_lands_in_one_batch_when_the_clock_steps_both_ways() {
        // given a wall clock that steps back and forward at random within one boot
        Random random = new Random(7);
        List<Long> recorded = new ArrayList<>();
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED,
                new SteppingClock(T0, 5_000))) {
            for (int i = 0; i < 400; i++) {
                recorded.add(s.read(KEG_A, true));
                s.clock.advance(1 + random.nextInt(20_000));
                if (random.nextInt(25) == 0) {
                    s.clock.stepWall(random.nextInt(2) == 0 ? -600_000 : 300_000);
                }
                s.batcher.tick(false);
            }
            // when
            s.batcher.tick(true);
            // then
            List<ReadingsBatch> batches = s.batches();
            long lastEnd = Long.MIN_VALUE;
            Set<String> ids = new HashSet<>();
            int readings = 0;
            for (ReadingsBatch b : batches) {
                BatchId id = BatchId.parse(b.batchId());
                assertThat(id.windowStartMs()).as("window of %s", b.batchId()).isGreaterThan(lastEnd);
                lastEnd = id.windowEndMs();
                assertThat(ids.add(b.batchId())).isTrue();
                readings += b.readings().size();
            }
            assertThat(readings).isEqualTo(recorded.size());
            assertThat(s.outbox.status().pendingEntries()).isZero();
            assertThat(batches.stream().flatMap(b -> b.readings().stream()).filter(r -> !r.clockSynced()))
                    .as("readings moved after a step back are flagged").isNotEmpty();
        }
    }

    @Test
    void a_boot_that_never_syncs_sends_its_readings_flagged_after_the_hold() {
        // given a Pi without RTC or network: the wall clock starts in 1970
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.NEVER,
                new SteppingClock(12_000, 12_000))) {
            for (int i = 0; i < 3; i++) {
                s.read(KEG_A, false);
                s.clock.advance(60_000);
            }
            assertThat(s.batcher.tick(false)).as("sealed while still waiting for sync").isZero();
            // when the hold of 10 minutes has passed
            s.clock.advance(600_000);
            s.batcher.tick(false);
            // then they are sent, flagged, moved up to seed 001's earliest timestamp, still in order
            ReadingsBatch b = s.batches().get(0);
            assertThat(b.readings()).extracting(Reading::clockSynced).containsOnly(false);
            assertThat(b.readings()).extracting(Reading::timestampMs).containsExactly(Y2000, Y2000 + 1, Y2000 + 2);
        }
    }

    @Test
    void a_boot_that_never_syncs_with_a_clock_past_2100_sends_its_readings_flagged_after_the_hold() {
        // Regression: unsynced times were only moved up, never down. A clock past seed 001's
        // 2100-01-01 limit (a corrupt fake-hwclock file) left them out of range, so the validator
        // refused the batch on every tick and nothing behind it was ever sent.
        long y2100 = 4_102_444_800_000L;
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.NEVER,
                new SteppingClock(y2100 + 86_400_000, 12_000))) {
            s.read(KEG_A, false);
            s.clock.advance(60_000);
            s.read(KEG_A, false);
            // when the hold of 10 minutes has passed
            s.clock.advance(600_000);
            s.batcher.tick(false);
            // then
            ReadingsBatch b = s.batches().get(0);
            assertThat(b.readings()).extracting(Reading::clockSynced).containsOnly(false);
            assertThat(b.readings()).extracting(Reading::timestampMs).containsExactly(Y2000, Y2000 + 1);
        }
    }

    @Test
    void a_pour_timed_before_sync_on_a_1970_clock_is_stored_and_sent_flagged_with_its_duration() {
        // Regression: the recorder waived the timestamp range only for timestamp_ms, so a pour's
        // 1970 start_ms and end_ms got it rejected and lost; and once stored, moving it up to
        // 2000-01-01 left start_ms before that, so every tick failed validation on it for ever.
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.NEVER,
                new SteppingClock(12_000, 12_000))) {
            long ts = s.clock.millis();
            s.recorder.record(KEG_A, new DeviceEvent.Pour(ts, false, ts - 8_000, ts, 16.0, 473.18), s.clock.monoMs());
            s.clock.advance(10);
            s.read(KEG_A, false);
            // when the hold of 10 minutes has passed
            s.clock.advance(600_000);
            s.batcher.tick(false);
            // then
            ReadingsBatch b = s.batches().get(0);
            assertThat(b.events()).singleElement().isInstanceOfSatisfying(DeviceEvent.Pour.class, p -> {
                assertThat(p.clockSynced()).isFalse();
                assertThat(p.startMs()).isGreaterThanOrEqualTo(Y2000);
                assertThat(p.endMs() - p.startMs()).as("duration kept").isEqualTo(8_000);
            });
        }
    }

    @Test
    void readings_taken_before_a_late_sync_are_restamped_from_the_monotonic_clock() throws Exception {
        // given readings taken with a wrong wall clock (fake-hwclock: a day behind) before sync
        SystemdTimeSync sync = new SystemdTimeSync(dir);
        SteppingClock clock = new SteppingClock(T0 - 86_400_000, 20_000);
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), sync, clock)) {
            s.read(KEG_A, false);
            clock.advance(30_000);
            s.read(KEG_A, false);
            clock.advance(90_000);
            s.batcher.tick(false);
            assertThat(s.outbox.oldest(10)).isEmpty();
            // when timesyncd steps the clock to the truth and raises its flag
            clock.stepWall(86_400_000);
            Path flag = dir.resolve(SystemdTimeSync.FLAG);
            Files.createDirectories(flag.getParent());
            Files.createFile(flag);
            s.batcher.tick(false);
            // then wall = sync_wall − (sync_mono − reading_mono): 120 s and 90 s before sync
            ReadingsBatch b = s.batches().get(0);
            long syncWall = clock.millis();
            assertThat(b.readings()).extracting(Reading::timestampMs).containsExactly(syncWall - 120_000, syncWall - 90_000);
            assertThat(b.readings()).extracting(Reading::clockSynced).containsOnly(true);
        }
    }
}
