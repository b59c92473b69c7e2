package com.scalesense.agent.batch;

import static com.scalesense.agent.batch.ScaleFixture.KEG_A;
import static com.scalesense.agent.batch.ScaleFixture.KEG_B;
import static com.scalesense.agent.batch.ScaleFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatcherTest {

    @TempDir
    Path dir;

    private ScaleFixture scale() {
        return new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED, new SteppingClock(T0, 5_000));
    }

    @Test
    void seals_full_batches_of_100_readings_and_keeps_the_rest_pending() {
        try (ScaleFixture s = scale()) {
            // given 250 readings one second apart
            for (int i = 0; i < 250; i++) {
                s.read(KEG_A, true);
                s.clock.advance(100);
            }
            // when
            int sealed = s.batcher.tick(false);
            // then
            assertThat(sealed).isEqualTo(2);
            assertThat(s.batches()).extracting(b -> b.readings().size()).containsExactly(100, 100);
            assertThat(s.outbox.status().pendingEntries()).isEqualTo(50);
        }
    }

    @Test
    void seals_a_partial_batch_once_its_oldest_reading_is_older_than_the_max_delay() {
        try (ScaleFixture s = scale()) {
            // given
            s.read(KEG_A, true);
            s.clock.advance(59_999);
            s.read(KEG_A, true);
            assertThat(s.batcher.tick(false)).as("sealed before 60 s").isZero();
            // when
            s.clock.advance(1);
            // then
            assertThat(s.batcher.tick(false)).isEqualTo(1);
            ReadingsBatch b = s.batches().get(0);
            assertThat(b.readings()).extracting(Reading::timestampMs).containsExactly(T0, T0 + 59_999);
            assertThat(BatchId.parse(b.batchId())).isEqualTo(new BatchId(KEG_A.hardwareId(), KEG_A.bootId(), T0,
                    T0 + 59_999));
        }
    }

    @Test
    void a_keg_change_seals_the_current_batch_so_no_batch_mixes_two_kegs() {
        try (ScaleFixture s = scale()) {
            // given
            s.read(KEG_A, true);
            s.clock.advance(1000);
            s.read(KEG_A, true);
            s.clock.advance(1000);
            s.read(KEG_B, true);
            // when
            s.batcher.tick(false);
            // then: keg A's batch is closed by the change, and keg B's first reading goes at once too
            assertThat(s.batches()).extracting(ReadingsBatch::kegId).containsExactly(KEG_A.kegId(), KEG_B.kegId());
            assertThat(s.batches()).extracting(b -> b.readings().size()).containsExactly(2, 1);
        }
    }

    @Test
    void the_first_reading_of_a_newly_assigned_keg_does_not_wait_for_the_bulk() {
        // issue 17 with issue 18's 2 h bulk: a keg assigned from the cloud is shown "applied" only when a reading
        // carrying it reaches the sink; that reading sat in the outbox up to batch.max_delay, so the bar's dashboard
        // said "keg change pending" for over an hour after the scale had applied it.
        try (ScaleFixture s = scale()) {
            // given keg A's readings already went out in a batch of their own
            s.read(KEG_A, true);
            s.batcher.tick(true);
            // when keg B is assigned and its first reading is taken
            s.clock.advance(1000);
            s.read(KEG_B, true);
            // then it is sealed at the next tick, not after max_delay
            assertThat(s.batcher.tick(false)).isEqualTo(1);
            assertThat(s.batches()).extracting(ReadingsBatch::kegId).containsExactly(KEG_A.kegId(), KEG_B.kegId());
            // and keg B's later periodic readings wait for the bulk as before
            s.clock.advance(60_000);
            s.read(KEG_B, true);
            assertThat(s.batcher.tick(false)).isZero();
        }
    }

    @Test
    void the_reading_the_low_keg_alert_waits_for_seals_its_batch_at_the_next_tick_not_after_the_bulk() {
        // issue 18: low_keg fires at the first reading a grace period (900 s) after the first low one; with
        // batch.max_delay 2 h it sat in the outbox and the alert reached the bar up to ~95 minutes late.
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED,
                new SteppingClock(T0, 5_000), BatcherConfig.defaults())) {
            // given three periodic readings and the first low one (the crossing), waiting for the bulk
            for (int i = 0; i < 4; i++) {
                s.read(KEG_A, true);
                s.clock.advance(60_000);
                assertThat(s.batcher.tick(false)).isZero();
            }
            // and the readings of the grace period, the last 900 s after the crossing
            long proof = 0;
            for (int i = 0; i < 15; i++) {
                proof = s.read(KEG_A, true);
                if (i < 14) {
                    s.clock.advance(60_000);
                }
            }
            // when a tick runs before the sink raises the seal, and the sink then names the proof
            assertThat(s.batcher.tick(false)).as("nothing asked yet").isZero();
            s.sealNow.through(proof);
            // then the next tick seals everything up to it in one batch, the crossing with it
            assertThat(s.batcher.tick(false)).isEqualTo(1);
            ReadingsBatch batch = s.batches().get(0);
            assertThat(batch.readings()).hasSize(19);
            assertThat(batch.readings().get(18).timestampMs() - batch.readings().get(3).timestampMs()).isEqualTo(900_000);
            // and later readings go to the bulk again
            s.clock.advance(60_000);
            s.read(KEG_A, true);
            assertThat(s.batcher.tick(false)).isZero();
        }
    }

    @Test
    void an_idle_tick_does_not_read_the_outbox_again_until_an_entry_comes_or_the_delay_runs_out() {
        // issue 18: with batch.max_delay 2 h each 1 s tick read and decoded up to 100 pending entries to find
        // nothing due (the agent's scheduler thread, 0.43 % of a core at 30 min online and growing with the backlog)
        try (ScaleFixture s = scale()) {
            CountingOutbox counted = new CountingOutbox(s.outbox);
            Batcher batcher = new Batcher(counted, s.codec, new SyncWatch(FixedTimeSync.SYNCED, s.clock, s.clock::monoMs),
                    ScaleFixture.MECHANISM, KEG_A.bootId());
            s.read(KEG_A, true);
            assertThat(batcher.tick(false)).isZero();
            int reads = counted.pendingReads;
            // when ticks come with nothing new, before the max delay
            for (int i = 0; i < 30; i++) {
                s.clock.advance(1000);
                assertThat(batcher.tick(false)).isZero();
            }
            // then the outbox's entries were not read again
            assertThat(counted.pendingReads).isEqualTo(reads);
            // a new entry makes the next tick look again (still nothing due)
            s.read(KEG_A, true);
            assertThat(batcher.tick(false)).isZero();
            assertThat(counted.pendingReads).isGreaterThan(reads);
            // and the oldest entry's max delay seals both, with nothing appended in between
            s.clock.advance(30_000);
            assertThat(batcher.tick(false)).isEqualTo(1);
            assertThat(s.batches()).singleElement().satisfies(b -> assertThat(b.readings()).hasSize(2));
        }
    }

    @Test
    void a_sensor_fault_appended_while_a_tick_reads_the_outbox_is_sealed_at_the_next_tick() {
        // Guards the idle tick: had it counted the outbox after reading its entries, an entry the sampling
        // thread appended in between would count as looked at, and a sensor fault would wait up to
        // batch.max_delay (2 h) instead of going at the next tick.
        try (ScaleFixture s = scale()) {
            CountingOutbox counted = new CountingOutbox(s.outbox);
            Batcher batcher = new Batcher(counted, s.codec, new SyncWatch(FixedTimeSync.SYNCED, s.clock, s.clock::monoMs),
                    ScaleFixture.MECHANISM, KEG_A.bootId());
            s.read(KEG_A, true);
            // given a fault and its reading appended just after the tick read the entries
            counted.afterNextPendingRead = () -> {
                s.recorder.record(KEG_A, new DeviceEvent.SensorError(s.clock.millis(), true, "hx711",
                        SensorStatus.ERROR, "not ready"), s.clock.monoMs());
                s.read(KEG_A, true);
            };
            assertThat(batcher.tick(false)).isZero();
            // when the next tick comes, long before the max delay
            s.clock.advance(1000);
            // then it seals the fault at once
            assertThat(batcher.tick(false)).isEqualTo(1);
            assertThat(s.batches()).singleElement().satisfies(b -> assertThat(b.events()).hasSize(1));
        }
    }

    @Test
    void events_travel_with_the_readings_that_follow_them() {
        try (ScaleFixture s = scale()) {
            // given a pour that ends just before a reading
            s.recorder.record(KEG_A, new DeviceEvent.Pour(T0, true, T0 - 8000, T0, 16.0, 473.18), s.clock.monoMs());
            s.clock.advance(10);
            s.read(KEG_A, true);
            // when
            s.batcher.tick(true);
            // then
            ReadingsBatch b = s.batches().get(0);
            assertThat(b.events()).singleElement().isInstanceOf(DeviceEvent.Pour.class);
            assertThat(BatchId.parse(b.batchId()).windowStartMs()).isEqualTo(T0);
        }
    }

    @Test
    void a_pour_end_waits_for_the_bulk_and_a_keg_swap_seals_at_once_with_it() {
        // Issue 18: a pour's batch paid ~7 fixed write units 150 times a day; its state now goes out
        // beside the outbox (StateSender) and the pour rides with the bulk. A swap stays at once.
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED,
                new SteppingClock(T0, 5_000), BatcherConfig.defaults())) {
            // given a periodic reading, then 10 s later a pour's end and the reading the pipeline takes with it
            s.read(KEG_A, true);
            s.clock.advance(10_000);
            s.recorder.record(KEG_A, new DeviceEvent.Pour(s.clock.millis(), true, s.clock.millis() - 8000,
                    s.clock.millis(), 16.0, 473.18), s.clock.monoMs());
            s.read(KEG_A, true);
            // then the batcher does not seal for the pour
            assertThat(s.batcher.tick(false)).isZero();
            // when a sensor fault and its reading follow
            s.clock.advance(10_000);
            s.recorder.record(KEG_A, new DeviceEvent.SensorError(s.clock.millis(), true, "hx711", SensorStatus.ERROR,
                    "not ready"), s.clock.monoMs());
            s.read(KEG_A, true);
            // then everything pending goes at once, the pour included
            assertThat(s.batcher.tick(false)).isEqualTo(1);
            assertThat(s.batches()).singleElement().satisfies(b -> {
                assertThat(b.readings()).hasSize(3);
                assertThat(b.events()).hasSize(2).first().isInstanceOf(DeviceEvent.Pour.class);
            });
            assertThat(s.outbox.status().pendingEntries()).isZero();
        }
    }

    @Test
    void periodic_readings_and_pours_fill_a_batch_of_100_under_the_default_max_delay() {
        // Guards issue 18 "readings per batch in normal use 2.0-2.1" and, since, 8 minutes' worth:
        // every batch pays the sink's fixed writes, so the default lets 100 readings share them.
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED,
                new SteppingClock(T0, 5_000), BatcherConfig.defaults())) {
            // given a reading a minute, as reading.interval's default, and a pour every 10 minutes
            for (int n = 0; n < 99; n++) {
                if (n % 10 == 5) {
                    s.recorder.record(KEG_A, new DeviceEvent.Pour(s.clock.millis(), true, s.clock.millis() - 8000,
                            s.clock.millis(), 16.0, 473.18), s.clock.monoMs());
                }
                s.read(KEG_A, true);
                assertThat(s.batcher.tick(false)).as("sealed at reading %d", n).isZero();
                s.clock.advance(60_000);
            }
            // when the 100th reading comes
            s.read(KEG_A, true);
            // then one batch holds them all
            assertThat(s.batcher.tick(false)).isEqualTo(1);
            assertThat(s.batches()).singleElement().satisfies(b -> {
                assertThat(b.readings()).hasSize(100);
                assertThat(b.events()).hasSize(10);
            });
        }
    }

    @Test
    void rejects_a_reading_the_protocol_would_reject_naming_the_field_and_stores_nothing() {
        try (ScaleFixture s = scale()) {
            Reading tooFull = new Reading(T0, 150.0, 9.69, 112.4, 77.5, null, null, null, null, null,
                    Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, TareStatus.COMPLETE);
            assertThatThrownBy(() -> s.recorder.record(KEG_A, tooFull, 0)).isInstanceOf(InvalidRecordException.class)
                    .hasMessageContaining("readings[0].level_pct").hasMessageContaining("150");
            assertThat(s.outbox.status().pendingEntries()).isZero();
        }
    }

    @Test
    void an_unsynced_pour_that_starts_after_it_ends_is_still_rejected() {
        // Only the range of times taken before sync is waived, never the order of start and end.
        try (ScaleFixture s = scale()) {
            DeviceEvent.Pour backwards = new DeviceEvent.Pour(12_000, false, 12_000, 4_000, 16.0, 473.18);
            assertThatThrownBy(() -> s.recorder.record(KEG_A, backwards, 0)).isInstanceOf(InvalidRecordException.class)
                    .hasMessageContaining("events[0].start_ms").hasMessageContaining("must not be after end_ms");
            assertThat(s.outbox.status().pendingEntries()).isZero();
        }
    }

    @Test
    void a_restart_within_the_boot_keeps_windows_increasing_even_if_the_clock_went_back() {
        // given one batch sealed, then the agent restarts and the wall clock is an hour behind
        SteppingClock clock = new SteppingClock(T0, 5_000);
        long firstEnd;
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED, clock)) {
            s.read(KEG_A, true);
            s.batcher.tick(true);
            firstEnd = BatchId.parse(s.batches().get(0).batchId()).windowEndMs();
        }
        clock.stepWall(-3_600_000);
        // when
        try (ScaleFixture s = new ScaleFixture(dir.resolve("outbox.journal"), FixedTimeSync.SYNCED, clock)) {
            s.read(KEG_A, true);
            s.batcher.tick(true);
            // then
            ReadingsBatch second = s.batches().get(1);
            assertThat(BatchId.parse(second.batchId()).windowStartMs()).isEqualTo(firstEnd + 1);
            assertThat(second.readings().get(0).clockSynced()).as("moved reading is flagged").isFalse();
        }
    }

    @Test
    void unsynced_readings_of_an_earlier_boot_go_at_once_under_their_own_boot_id_and_stay_flagged() {
        // given a reading left unsealed by the previous run, taken before that run saw time sync
        BatchContext previousBoot = new BatchContext(KEG_A.hardwareId(), KEG_A.deviceId(),
                "2f1b6f0e-3c1a-4d2b-9e8f-0a1b2c3d4e5f", KEG_A.firmwareVersion(), KEG_A.locId(), KEG_A.tapId(), KEG_A.kegId());
        try (ScaleFixture s = scale()) {
            s.recorder.record(previousBoot, ScaleFixture.reading(T0 - 7_200_000, false), 999_999_999L);
            // when: this run is synced, but the old monotonic time means nothing now
            s.batcher.tick(false);
            // then
            ReadingsBatch b = s.batches().get(0);
            assertThat(b.bootId()).isEqualTo(previousBoot.bootId());
            assertThat(b.readings()).singleElement().satisfies(r -> {
                assertThat(r.timestampMs()).isEqualTo(T0 - 7_200_000);
                assertThat(r.clockSynced()).isFalse();
            });
        }
    }
}
