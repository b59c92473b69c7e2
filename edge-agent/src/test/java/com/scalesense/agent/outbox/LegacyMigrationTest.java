package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.outbox.internal.SqliteOutbox;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device upgraded from the SQLite outbox: its {@code outbox.db}, written by the SQLite code
 * itself, is migrated into the journal on first open, once, and kept under another name.
 */
class LegacyMigrationTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-27T12:30:00Z"), ZoneOffset.UTC);
    private static final String BOOT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    @TempDir
    Path dir;
    private Path legacy;
    private Path journal;
    private long legacyLastSeq;

    @BeforeEach
    void an_old_agent_left_unsent_data() {
        legacy = dir.resolve(OutboxConfig.LEGACY_FILE_NAME);
        journal = dir.resolve(OutboxConfig.FILE_NAME);
        // given the SQLite outbox with two sealed batches, one acknowledged, and two pending entries
        try (SqliteOutbox old = SqliteOutbox.open(OutboxConfig.at(legacy), CLOCK)) {
            old.appendAll(List.of(reading("r1"), reading("r2"), reading("r3")));
            old.seal(request("b1", 1000, old.pending(1)));
            old.seal(request("b2", 2000, old.pending(1)));
            old.acknowledge("b1");
            legacyLastSeq = old.append(reading("r4"));
        }
    }

    private Outbox open() {
        return Outboxes.open(OutboxConfig.at(journal), CLOCK);
    }

    @Test
    void pending_entries_batches_and_window_ends_move_into_the_journal_and_the_old_file_is_kept_aside() {
        // when
        try (Outbox box = open()) {
            // then
            assertThat(bodies(box)).containsExactly("r3", "r4");
            assertThat(box.pending(10).get(1).seq()).isEqualTo(legacyLastSeq);
            assertThat(box.oldest(10)).extracting(SealedBatch::batchId).containsExactly("b2");
            assertThat(box.oldest(10).get(0).payload()).isEqualTo("payload-b2".getBytes(StandardCharsets.UTF_8));
            assertThat(box.lastWindowEnd(BOOT)).hasValue(2000);
            assertThat(box.append(reading("r5"))).isGreaterThan(legacyLastSeq);
        }
        assertThat(legacy).doesNotExist();
        assertThat(dir.resolve("outbox.db.migrated-20261127T123000Z")).exists();
        // and a second open migrates nothing more
        try (Outbox box = open()) {
            assertThat(bodies(box)).containsExactly("r3", "r4", "r5");
            assertThat(box.oldest(10)).hasSize(1);
        }
    }

    @Test
    void a_crash_after_the_journal_was_renamed_in_but_before_the_old_file_moved_aside_does_not_duplicate() throws Exception {
        // given a finished migration whose last step (renaming outbox.db) is undone, as a kill would leave it
        try (Outbox box = open()) {
            assertThat(box.pending(10)).hasSize(2);
        }
        Files.copy(dir.resolve("outbox.db.migrated-20261127T123000Z"), legacy);
        // when
        try (Outbox box = open()) {
            // then
            assertThat(bodies(box)).containsExactly("r3", "r4");
            assertThat(box.oldest(10)).extracting(SealedBatch::batchId).containsExactly("b2");
        }
        assertThat(legacy).doesNotExist();
        assertThat(dir.resolve("outbox.db.migrated-20261127T123000Z-1")).exists();
    }

    @Test
    void a_crash_while_the_new_file_was_written_redoes_the_migration_from_the_old_file() throws Exception {
        // given a half-written migration file (killed before its rename): the journal does not exist yet
        Files.write(dir.resolve(OutboxConfig.FILE_NAME + ".migrating"), new byte[] {'S', 'S', 'O', 7, 7});
        // when
        try (Outbox box = open()) {
            // then
            assertThat(bodies(box)).containsExactly("r3", "r4");
            assertThat(box.oldest(10)).extracting(SealedBatch::batchId).containsExactly("b2");
        }
    }

    @Test
    void a_stopped_agent_that_has_not_migrated_yet_shows_the_old_files_depth() {
        OutboxStatus status = Outboxes.readStatus(OutboxConfig.at(journal));
        assertThat(status.pendingEntries()).isEqualTo(2);
        assertThat(status.sealedBatches()).isEqualTo(1);
        assertThat(journal).doesNotExist();
        assertThat(legacy).exists();
    }

    private static List<String> bodies(Outbox box) {
        return box.pending(100).stream().map(p -> new String(p.entry().body(), StandardCharsets.UTF_8)).toList();
    }

    private static OutboxEntry reading(String text) {
        return new OutboxEntry(EntryKind.READING, "g1", 42, text.getBytes(StandardCharsets.UTF_8));
    }

    private static SealRequest request(String id, long end, List<PendingEntry> taken) {
        return new SealRequest(new SealedBatch(id, ("payload-" + id).getBytes(StandardCharsets.UTF_8)), BOOT, end,
                taken.get(0).seq(), taken.get(taken.size() - 1).seq(), taken.size());
    }
}
