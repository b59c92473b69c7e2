package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.outbox.internal.SqliteOutbox;
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

class SqliteOutboxTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T02:15:00Z"), ZoneOffset.UTC);
    private static final String BOOT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    @TempDir
    Path dir;

    private SqliteOutbox open(long maxBytes) {
        return SqliteOutbox.open(new OutboxConfig(dir.resolve("outbox.db"), maxBytes), CLOCK);
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
        // stopped scale, because reading it meant opening it read-write (creating -wal and -shm,
        // which a group member may not do in the agent's directory).
        // given an outbox closed by a clean stop, with two pending entries and one sealed batch
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2"), reading("r3")));
            box.seal(request("b1", 1000, box.pending(1)));
        }
        Path file = dir.resolve("outbox.db");
        byte[] before = java.nio.file.Files.readAllBytes(file);
        List<Path> filesBefore;
        try (var list = java.nio.file.Files.list(dir)) {
            filesBefore = list.sorted().toList();
        }
        // when it is read read-only
        OutboxStatus status = SqliteOutbox.readStatus(new OutboxConfig(file, OutboxConfig.DEFAULT_MAX_BYTES));
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
        assertThatThrownBy(() -> SqliteOutbox.readStatus(new OutboxConfig(file, OutboxConfig.DEFAULT_MAX_BYTES)))
                .isInstanceOf(OutboxStorageException.class).hasMessageContaining(file.toString());
        assertThat(file).doesNotExist();
    }

    @Test
    void appended_entries_are_pending_after_reopen_in_append_order() {
        // given
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.append(reading("r1"));
            box.appendAll(List.of(reading("r2"), reading("r3")));
        }
        // when
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
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
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            box.appendAll(List.of(reading("r1"), reading("r2"), reading("r3")));
            List<PendingEntry> taken = box.pending(2);
            // when
            box.seal(request("b1", 1000, taken));
        }
        // then
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
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
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
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
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
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
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
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
        try (SqliteOutbox box = open(bound)) {
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
        try (SqliteOutbox box = open(OutboxConfig.MIN_MAX_BYTES)) {
            assertThatThrownBy(() -> box.append(reading("x".repeat(40_000))))
                    .isInstanceOf(EntryTooLargeException.class).hasMessageContaining("at most 32768 bytes");
            assertThat(box.status().pendingEntries()).isZero();
        }
    }

    @Test
    void a_damaged_file_is_moved_aside_with_a_timestamp_and_a_new_outbox_starts() throws Exception {
        // given a file that is not a database (e.g. an SD card returned garbage)
        Path file = dir.resolve("outbox.db");
        Files.write(file, "this is not sqlite, it is garbage from a bad sector".repeat(100).getBytes(StandardCharsets.UTF_8));
        // when
        try (SqliteOutbox box = open(OutboxConfig.DEFAULT_MAX_BYTES)) {
            // then
            assertThat(box.status().corruptFilesMovedAside()).isEqualTo(1);
            assertThat(dir.resolve("outbox.db.corrupt-20261122T021500Z")).exists();
            box.append(reading("r1"));
            assertThat(box.pending(10)).hasSize(1);
        }
    }

    @Test
    void when_only_sealed_batches_are_left_the_oldest_batch_is_dropped_and_its_entries_counted() {
        // given a full outbox whose content is all sealed (nothing unsealed left to drop)
        long bound = OutboxConfig.MIN_MAX_BYTES;
        try (SqliteOutbox box = open(bound)) {
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
}
