package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.DuplicateBatchIdException;
import com.scalesense.agent.outbox.SealConflictException;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.outbox.WindowNotIncreasingException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;

/** The seal transaction's steps; the caller commits, or rolls back on any exception. */
final class Sealing {

    private final Connection c;

    Sealing(Connection c) {
        this.c = c;
    }

    SealedBatch seal(SealRequest r, Counters counters, OldestFirstTrim space) throws SQLException {
        String batchId = r.batch().batchId();
        OptionalLong last = lastWindowEnd(c, r.bootId());
        if (last.isPresent() && r.windowEndMs() <= last.getAsLong()) {
            throw new WindowNotIncreasingException(r.bootId(), last.getAsLong(), r.windowEndMs());
        }
        if (exists(batchId)) {
            throw new DuplicateBatchIdException(batchId);
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM pending WHERE seq BETWEEN ? AND ?")) {
            ps.setLong(1, r.firstSeq());
            ps.setLong(2, r.lastSeq());
            int found = ps.executeUpdate();
            if (found != r.entryCount()) {
                throw new SealConflictException(r.firstSeq(), r.lastSeq(), r.entryCount(), found);
            }
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO sealed(batch_id, payload, entries) VALUES (?, ?, ?)")) {
            ps.setString(1, batchId);
            ps.setBytes(2, r.batch().payload());
            ps.setInt(3, r.entryCount());
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO window_end(boot_id, end_ms) VALUES (?, ?) "
                + "ON CONFLICT(boot_id) DO UPDATE SET end_ms = excluded.end_ms")) {
            ps.setString(1, r.bootId());
            ps.setLong(2, r.windowEndMs());
            ps.executeUpdate();
        }
        counters.add(Counters.DROPPED, space.makeRoom(c));
        return r.batch();
    }

    static OptionalLong lastWindowEnd(Connection c, String bootId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT end_ms FROM window_end WHERE boot_id = ?")) {
            ps.setString(1, bootId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    private boolean exists(String batchId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM sealed WHERE batch_id = ?")) {
            ps.setString(1, batchId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
