package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.OutboxStorageException;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.store.Quarantine;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The outbox of versions before issue 18, kept to read an old {@code outbox.db}: its status for a
 * stopped, not yet migrated agent, and in tests the files {@link LegacyMigration} must migrate
 * (the agent opens {@link JournalOutbox}). On SQLite (xerial sqlite-jdbc), WAL journal, synchronous=FULL: every public
 * operation is one transaction, committed (fsynced) before it returns or rolled back on failure.
 * One connection, guarded by this object's monitor.
 */
public final class SqliteOutbox implements Outbox {

    private final Connection c;
    private final OldestFirstTrim space;
    private final Counters counters;
    private final long maxBytes;
    private final int corruptFilesMovedAside;

    private SqliteOutbox(Connection c, long maxBytes, boolean movedAside) {
        this.c = c;
        this.maxBytes = maxBytes;
        this.space = new OldestFirstTrim(maxBytes);
        this.counters = new Counters(c);
        this.corruptFilesMovedAside = movedAside ? 1 : 0;
    }

    /** Opens (or creates) the outbox; a damaged file is moved aside, never blocks start-up. */
    public static SqliteOutbox open(OutboxConfig config, Clock clock) {
        SqliteOpener.Opened o = new SqliteOpener(new Quarantine(clock)).open(config.file());
        return new SqliteOutbox(o.connection(), config.maxBytes(), o.movedAside());
    }

    /**
     * What a stopped agent's outbox holds, read without writing a byte: for a technician in the
     * service group, who may read the file but not create its WAL companions (issue 14 item 3).
     * The caller must hold the state directory's lock (shared), so no writer runs.
     */
    public static OutboxStatus readStatus(OutboxConfig config) {
        try (Connection ro = SqliteOpener.openReadOnly(config.file())) {
            long pending;
            long sealed;
            try (PreparedStatement p = ro.prepareStatement("SELECT (SELECT count(*) FROM pending), "
                    + "(SELECT count(*) FROM sealed)"); ResultSet rs = p.executeQuery()) {
                rs.next();
                pending = rs.getLong(1);
                sealed = rs.getLong(2);
            }
            return new OutboxStatus(pending, sealed, OldestFirstTrim.usedBytes(ro), config.maxBytes(),
                    new Counters(ro).get(Counters.DROPPED), 0);
        } catch (SQLException e) {
            throw new OutboxStorageException("read-only status of " + config.file(), e);
        }
    }

    @Override
    public synchronized List<Long> appendAll(List<OutboxEntry> entries) {
        EntrySize.requireFits(entries, maxBytes);
        return inTransaction("append", () -> {
            List<Long> seqs = new ArrayList<>(entries.size());
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO pending(kind, grp, mono_ms, body) VALUES (?, ?, ?, ?)")) {
                for (OutboxEntry e : entries) {
                    ps.setInt(1, e.kind().ordinal());
                    ps.setString(2, e.group());
                    ps.setLong(3, e.monoMs());
                    ps.setBytes(4, e.body());
                    ps.executeUpdate();
                    try (ResultSet rs = ps.getGeneratedKeys()) {
                        rs.next();
                        seqs.add(rs.getLong(1));
                    }
                }
            }
            counters.add(Counters.DROPPED, space.makeRoom(c));
            return seqs;
        });
    }

    @Override
    public synchronized List<PendingEntry> pending(int max) {
        return inTransaction("read of pending entries", () -> {
            List<PendingEntry> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT seq, kind, grp, mono_ms, body FROM pending ORDER BY seq LIMIT ?")) {
                ps.setInt(1, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new PendingEntry(rs.getLong(1), new OutboxEntry(EntryKind.values()[rs.getInt(2)],
                                rs.getString(3), rs.getLong(4), rs.getBytes(5))));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public synchronized SealedBatch seal(SealRequest request) {
        return inTransaction("seal of " + request.batch().batchId(),
                () -> new Sealing(c).seal(request, counters, space));
    }

    @Override
    public synchronized OptionalLong lastWindowEnd(String bootId) {
        return inTransaction("read of window end", () -> Sealing.lastWindowEnd(c, bootId));
    }

    @Override
    public synchronized List<SealedBatch> oldest(int max) {
        return inTransaction("read of sealed batches", () -> {
            List<SealedBatch> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT batch_id, payload FROM sealed ORDER BY pos LIMIT ?")) {
                ps.setInt(1, max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new SealedBatch(rs.getString(1), rs.getBytes(2)));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public synchronized void acknowledge(String batchId) {
        inTransaction("acknowledge of " + batchId, () -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM sealed WHERE batch_id = ?")) {
                ps.setString(1, batchId);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public synchronized OutboxStatus status() {
        return inTransaction("status", () -> new OutboxStatus(count("pending"), count("sealed"),
                OldestFirstTrim.usedBytes(c), maxBytes, counters.get(Counters.DROPPED), corruptFilesMovedAside));
    }

    @Override
    public synchronized void close() {
        try {
            c.close();
        } catch (SQLException e) {
            throw new OutboxStorageException("close", e);
        }
    }

    private long count(String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + table);
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private <T> T inTransaction(String operation, SqlWork<T> work) {
        try {
            T result = work.run();
            c.commit();
            return result;
        } catch (SQLException e) {
            rollback(e);
            throw new OutboxStorageException(operation, e);
        } catch (RuntimeException e) {
            rollback(e);
            throw e;
        }
    }

    private void rollback(Exception cause) {
        try {
            c.rollback();
        } catch (SQLException r) {
            cause.addSuppressed(r);
        }
    }

    @FunctionalInterface
    private interface SqlWork<T> {
        T run() throws SQLException;
    }
}
