package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link Outbox} contract on the journal {@link Outboxes#open} returns, with real files
 * reopened after each step (Tape's habit); these ran against the SQLite outbox before.
 */
class OutboxJournalTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T02:15:00Z"), ZoneOffset.UTC);
    private static final String BOOT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    @TempDir
    Path dir;

    private Outbox open(long maxBytes) {
        return Outboxes.open(new OutboxConfig(dir.resolve(OutboxConfig.FILE_NAME), maxBytes), CLOCK);
    }

    private static OutboxEntry reading(String text) {
        return new OutboxEntry(EntryKind.READING, "g1", 42, text.getBytes(StandardCharsets.UTF_8));
    }

    private static SealRequest request(String id, long end, List<PendingEntry> taken) {
        return new SealRequest(new SealedBatch(id, ("payload-" + id).getBytes(StandardCharsets.UTF_8)), BOOT, end,
                taken.get(0).seq(), taken.get(taken.size() - 1).seq(), taken.size());
    }

    @Test
    void a_stopped_outbox_is_read_without_creating_or_changing_any_file() throws Exception {
        // Guards issue 14 item 3: a technician in the service group saw no outbox depth for a
        // stopped scale, because reading it meant opening it read-write (creating files a group
        // member may not create in the agent's directory).
        // given an outbox closed by a clean stop, with two pending entries and one sealed batch
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2"), reading("r3")));
            box.seal(request("b1", 1000, box.pending(1)));
        }
        Path file = dir.resolve(OutboxConfig.FILE_NAME);
        byte[] before = java.nio.file.Files.readAllBytes(file);
        List<Path> filesBefore;
        try (var list = java.nio.file.Files.list(dir)) {
            filesBefore = list.sorted().toList();
        }
        // when it is read read-only
        OutboxStatus status = Outboxes.readStatus(new OutboxConfig(file, OutboxConfig.DEFAULT_MAX_BYTES));
        // then the depth is there, and the directory and the file are as they were
        assertThat(status.pendingEntries()).isEqualTo(2);
        assertThat(status.sealedBatches()).isEqualTo(1);
        assertThat(status.usedBytes()).isPositive();
        try (var list = java.nio.file.Files.list(dir)) {
            assertThat(list.sorted().toList()).isEqualTo(filesBefore);
        }
        assertThat(java.nio.file.Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void a_missing_outbox_file_is_not_created_by_a_read_only_status() {
        Path file = dir.resolve("none.db");
        assertThatThrownBy(() -> Outboxes.readStatus(new OutboxConfig(file, OutboxConfig.DEFAULT_MAX_BYTES)))
                .isInstanceOf(OutboxStorageException.class).hasMessageContaining(file.toString());
        assertThat(file).doesNotExist();
    }

    @Test
    void appended_entries_are_pending_after_reopen_in_append_order() {
        // given
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.append(reading("r1"));
            box.appendAll(List.of(reading("r2"), reading("r3")));
        }
        // when
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            List<PendingEntry> pending = box.pending(10);
            // then
            assertThat(pending).extracting(p -> new String(p.entry().body(), StandardCharsets.UTF_8))
                    .containsExactly("r1", "r2", "r3");
            assertThat(pending).extracting(PendingEntry::seq).isSorted().doesNotHaveDuplicates();
            assertThat(pending.get(0).entry()).isEqualTo(reading("r1"));
        }
    }

    @Test
    void sealing_moves_entries_into_one_batch_that_reads_back_byte_identical_after_reopen() {
        // given
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2"), reading("r3")));
            List<PendingEntry> taken = box.pending(2);
            // when
            box.seal(request("b1", 1000, taken));
        }
        // then
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            assertThat(box.pending(10)).extracting(p -> new String(p.entry().body(), StandardCharsets.UTF_8))
                    .containsExactly("r3");
            List<SealedBatch> sealed = box.oldest(10);
            assertThat(sealed).extracting(SealedBatch::batchId).containsExactly("b1");
            assertThat(sealed.get(0).payload()).isEqualTo("payload-b1".getBytes(StandardCharsets.UTF_8));
            assertThat(box.lastWindowEnd(BOOT)).hasValue(1000);
        }
    }

    @Test
    void acknowledge_removes_the_batch_and_ignores_an_unknown_id() {
        // given
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2")));
            box.seal(request("b1", 1000, box.pending(1)));
            box.seal(request("b2", 2000, box.pending(1)));
            // when
            box.acknowledge("b1");
            box.acknowledge("never-sealed");
            // then
            assertThat(box.oldest(10)).extracting(SealedBatch::batchId).containsExactly("b2");
        }
    }

    @Test
    void seal_changes_nothing_when_an_entry_it_read_was_dropped_meanwhile() {
        // given a batcher that read three entries, one of which is gone by the time it seals
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2"), reading("r3")));
            List<PendingEntry> taken = box.pending(3);
            SealRequest stale = new SealRequest(new SealedBatch("b1", new byte[] {1}), BOOT, 1000,
                    taken.get(0).seq(), taken.get(2).seq() + 1, 4);
            // when / then
            assertThatThrownBy(() -> box.seal(stale)).isInstanceOf(SealConflictException.class)
                    .hasMessageContaining("expected 4 entries, found 3");
            assertThat(box.pending(10)).hasSize(3);
            assertThat(box.oldest(10)).isEmpty();
            assertThat(box.lastWindowEnd(BOOT)).isEmpty();
        }
    }

    @Test
    void rejects_a_window_that_does_not_end_after_the_boots_last_window() {
        // given
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2")));
            box.seal(request("b1", 1000, box.pending(1)));
            // when / then
            assertThatThrownBy(() -> box.seal(request("b2", 1000, box.pending(1))))
                    .isInstanceOf(WindowNotIncreasingException.class).hasMessageContaining("last sealed window end 1000");
            assertThatThrownBy(() -> box.seal(request("b1", 3000, box.pending(1))))
                    .isInstanceOf(DuplicateBatchIdException.class).hasMessageContaining("'b1'");
            assertThat(box.pending(10)).hasSize(1);
        }
    }

    @Test
    void a_full_outbox_drops_the_oldest_pending_entries_counts_them_and_stays_within_its_bound() {
        // given
        long bound = OutboxConfig.MIN_MAX_BYTES;
        try (Outbox box = open(bound)) {
            // when: about 10 times the bound in 300-byte readings
            IntStream.range(0, 2000).forEach(i -> box.append(reading(i + ":" + "x".repeat(300))));
            // then
            OutboxStatus status = box.status();
            assertThat(status.usedBytes()).isLessThanOrEqualTo(bound);
            assertThat(status.droppedEntries()).isPositive().isEqualTo(2000 - status.pendingEntries());
            List<PendingEntry> left = box.pending(5000);
            assertThat(new String(left.get(left.size() - 1).entry().body(), StandardCharsets.UTF_8)).startsWith("1999:");
            assertThat(new String(left.get(0).entry().body(), StandardCharsets.UTF_8))
                    .startsWith(status.droppedEntries() + ":");
        }
    }

    @Test
    void rejects_an_entry_larger_than_half_the_bound_and_stores_nothing() {
        try (Outbox box = open(OutboxConfig.MIN_MAX_BYTES)) {
            assertThatThrownBy(() -> box.append(reading("x".repeat(40_000))))
                    .isInstanceOf(EntryTooLargeException.class).hasMessageContaining("at most 32768 bytes");
            assertThat(box.status().pendingEntries()).isZero();
        }
    }

    @Test
    void a_damaged_file_is_moved_aside_with_a_timestamp_and_a_new_outbox_starts() throws Exception {
        // given a file that is not a database (e.g. an SD card returned garbage)
        Path file = dir.resolve(OutboxConfig.FILE_NAME);
        Files.write(file, "this is not a journal, it is garbage from a bad sector".repeat(100).getBytes(StandardCharsets.UTF_8));
        // when
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            // then
            assertThat(box.status().corruptFilesMovedAside()).isEqualTo(1);
            assertThat(dir.resolve("outbox.journal.corrupt-20261122T021500Z")).exists();
            box.append(reading("r1"));
            assertThat(box.pending(10)).hasSize(1);
        }
    }

    @Test
    void when_only_sealed_batches_are_left_the_oldest_batch_is_dropped_and_its_entries_counted() {
        // given a full outbox whose content is all sealed (nothing unsealed left to drop)
        long bound = OutboxConfig.MIN_MAX_BYTES;
        try (Outbox box = open(bound)) {
            long end = 0;
            for (int i = 0; i < 40; i++) {
                box.appendAll(List.of(reading(i + "a"), reading(i + "b")));
                List<PendingEntry> taken = box.pending(2);
                box.seal(new SealRequest(new SealedBatch("b" + i, ("p" + i + "-" + "x".repeat(3000))
                        .getBytes(StandardCharsets.UTF_8)), BOOT, ++end, taken.get(0).seq(), taken.get(1).seq(), 2));
            }
            // then
            OutboxStatus status = box.status();
            assertThat(status.usedBytes()).isLessThanOrEqualTo(bound);
            assertThat(status.droppedEntries()).isEqualTo(2 * (40 - status.sealedBatches()));
            assertThat(box.oldest(100)).extracting(SealedBatch::batchId).last().isEqualTo("b39");
            assertThat(box.oldest(1).get(0).batchId()).isEqualTo("b" + (40 - status.sealedBatches()));
        }
    }

    @Test
    void a_write_torn_by_a_crash_is_cut_off_and_everything_before_it_is_kept() throws Exception {
        // given two durable appends, then half of a third record on disk (a power cut mid-write)
        Path file = dir.resolve(OutboxConfig.FILE_NAME);
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.append(reading("r1"));
            box.append(reading("r2"));
        }
        long good = Files.size(file);
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.append(reading("r3-" + "x".repeat(100)));
        }
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(good + 40);
        }
        // when
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            // then the torn record is gone, the file ends at the last good record, and appends go on
            assertThat(box.pending(10)).extracting(p -> new String(p.entry().body(), StandardCharsets.UTF_8))
                    .containsExactly("r1", "r2");
            assertThat(Files.size(file)).isEqualTo(good);
            assertThat(box.append(reading("r4"))).isGreaterThan(box.pending(10).get(1).seq());
        }
    }

    @Test
    void a_flipped_bit_in_the_last_record_fails_its_crc_and_only_that_record_is_lost() throws Exception {
        Path file = dir.resolve(OutboxConfig.FILE_NAME);
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.append(reading("r1"));
            box.append(reading("r2"));
        }
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x01;
        Files.write(file, bytes);
        try (Outbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            assertThat(box.pending(10)).extracting(p -> new String(p.entry().body(), StandardCharsets.UTF_8))
                    .containsExactly("r1");
            assertThat(box.status().corruptFilesMovedAside()).isZero();
        }
    }

    @Test
    void compaction_keeps_pending_entries_batches_windows_counters_and_sequence_numbers() {
        // given a small bound, so that sealing and acknowledging soon leaves mostly dead records
        long bound = OutboxConfig.MIN_MAX_BYTES;
        long lastSeq = 0;
        try (Outbox box = open(bound)) {
            for (int i = 0; i < 300; i++) {
                lastSeq = box.append(reading(i + ":" + "x".repeat(100)));
                List<PendingEntry> taken = box.pending(1);
                box.seal(request("b" + i, i + 1, taken));
                box.acknowledge("b" + i);
            }
            box.append(reading("left"));
            box.seal(request("kept", 1000, box.pending(1)));
            box.append(reading("pending"));
            // then: ~50 KiB were written, the file holds only what is live
            assertThat(box.status().usedBytes()).isLessThan(bound / 8 + 1024);
        }
        try (Outbox box = open(bound)) {
            assertThat(box.pending(10)).extracting(p -> new String(p.entry().body(), StandardCharsets.UTF_8))
                    .containsExactly("pending");
            assertThat(box.pending(10).get(0).seq()).isEqualTo(lastSeq + 2);
            assertThat(box.oldest(10)).extracting(SealedBatch::batchId).containsExactly("kept");
            assertThat(box.lastWindowEnd(BOOT)).hasValue(1000);
            assertThat(box.status().droppedEntries()).isZero();
            assertThat(box.append(reading("next"))).isEqualTo(lastSeq + 3);
        }
    }
}
