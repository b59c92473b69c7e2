package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.store.Quarantine;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Moves the unsent content of the SQLite outbox of earlier versions ({@code outbox.db}) into the
 * journal, once: pending entries (in order), sealed batches (ids, entry counts and bytes
 * unchanged), the boots' window ends and the dropped count. The journal's live state plus the
 * legacy content plus a MIGRATED record carrying the legacy content's fingerprint are written to a
 * new file, forced and renamed over the journal in one step; only then is {@code outbox.db}
 * renamed {@code outbox.db.migrated-<UTC stamp>} (never deleted). A crash before the rename redoes
 * the migration; a crash after it finds the fingerprint in the journal and only renames.
 *
 * <p>The only class of the outbox that loads sqlite-jdbc and java.sql on open, and only when the
 * legacy file exists.
 */
final class LegacyMigration {

    private static final System.Logger LOG = System.getLogger(LegacyMigration.class.getName());

    private LegacyMigration() {
    }

    static OutboxStatus readStatus(OutboxConfig legacy) {
        return SqliteOutbox.readStatus(legacy);
    }

    static void migrate(JournalOutbox box, Path legacy, Clock clock) throws IOException {
        Quarantine quarantine = new Quarantine(clock);
        // SqliteOpener checks the file and moves a damaged one aside (a new, empty one is then read).
        try (Connection c = new SqliteOpener(quarantine).open(legacy).connection()) {
            long fingerprint = fingerprint(c);
            if (box.index().migrated().contains(fingerprint)) {
                LOG.log(Level.INFO, "outbox {0} was migrated before a restart; renaming it only", legacy);
            } else {
                copy(box, c, fingerprint);
            }
        } catch (SQLException e) {
            throw new IOException("migration of " + legacy + " failed: " + e.getMessage(), e);
        }
        // Closing the connection checkpointed and removed -wal and -shm; they move too if a close failed.
        List<Path> kept = quarantine.setAside("migrated", legacy, "-wal", "-shm");
        JournalFile.forceDirectory(legacy);
        LOG.log(Level.INFO, "legacy outbox migrated into {0}; kept as {1}", box.path(), kept);
    }

    private static void copy(JournalOutbox box, Connection c, long fingerprint) throws SQLException, IOException {
        JournalIndex now = box.index();
        long minSeq = single(c, "SELECT coalesce(min(seq), 0) FROM pending");
        long highSeq = Math.max(single(c, "SELECT coalesce(max(seq), 0) FROM pending"),
                single(c, "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'pending'"));
        // Sequence numbers are kept when the journal is new; after a downgrade and an upgrade
        // (journal and a newer outbox.db both present) they move past the journal's own.
        long shift = Math.max(0, now.nextSeq() - minSeq);
        long dropped = single(c, "SELECT coalesce(max(value), 0) FROM counters WHERE name = '" + Counters.DROPPED + "'");
        Path tmp = box.path().resolveSibling(box.path().getFileName() + ".migrating");
        JournalFile.replaceAtomically(box.path(), tmp, sink -> {
            box.writeState(sink);
            try {
                copyRows(c, sink, shift, now);
            } catch (SQLException e) {
                throw new IOException(e);
            }
            sink.put(JournalRecord.meta(Math.max(now.nextSeq(), highSeq + shift + 1), now.dropped() + dropped));
            sink.put(JournalRecord.migrated(fingerprint));
        });
        box.reload();
        LOG.log(Level.INFO, "outbox journal {0} now holds {1} pending entries and {2} sealed batches", box.path(),
                box.index().pending().size(), box.index().sealed().size());
    }

    private static void copyRows(Connection c, JournalFile.RecordSink sink, long shift, JournalIndex now)
            throws SQLException, IOException {
        try (PreparedStatement ps = c.prepareStatement("SELECT boot_id, end_ms FROM window_end");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                sink.put(JournalRecord.window(rs.getString(1), rs.getLong(2)));
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT seq, kind, grp, mono_ms, body FROM pending ORDER BY seq");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                OutboxEntry e = new OutboxEntry(EntryKind.values()[rs.getInt(2)], rs.getString(3), rs.getLong(4),
                        rs.getBytes(5));
                sink.put(JournalRecord.append(rs.getLong(1) + shift, List.of(e)));
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT batch_id, entries, payload FROM sealed ORDER BY pos");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String id = rs.getString(1);
                if (now.sealed().containsKey(id)) {
                    LOG.log(Level.WARNING, "legacy batch {0} is already in the journal; kept the journal's", id);
                } else {
                    sink.put(JournalRecord.batch(id, rs.getInt(2), rs.getBytes(3)));
                }
            }
        }
    }

    /** CRC32 of every pending entry and sealed batch in order, with the row count in the high 32 bits. */
    private static long fingerprint(Connection c) throws SQLException {
        CRC32 crc = new CRC32();
        long rows = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT seq, kind, grp, mono_ms, body FROM pending ORDER BY seq");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                crc.update(ByteBuffer.allocate(20).putLong(rs.getLong(1)).putInt(rs.getInt(2)).putLong(rs.getLong(4)).flip());
                crc.update(rs.getString(3).getBytes(StandardCharsets.UTF_8));
                crc.update(rs.getBytes(5));
                rows++;
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT batch_id, payload FROM sealed ORDER BY pos");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                crc.update(rs.getString(1).getBytes(StandardCharsets.UTF_8));
                crc.update(rs.getBytes(2));
                rows++;
            }
        }
        return (rows << 32) | crc.getValue();
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }
}
