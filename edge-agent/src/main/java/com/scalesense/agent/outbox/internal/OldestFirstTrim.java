package com.scalesense.agent.outbox.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Keeps the outbox file within its byte bound inside the caller's transaction: measures the
 * pages in use and drops the oldest pending entries (then, if nothing else is left, the oldest
 * sealed batches) until the file fits. Returns how many readings/events were dropped.
 */
final class OldestFirstTrim {

    /** Entries dropped per step: about one 4 KiB page of ~300-byte readings, so each step can free a page. */
    private static final int STEP = 16;

    private final long maxBytes;

    OldestFirstTrim(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Bytes in use: (page_count − freelist_count) × page_size, including this transaction's changes. */
    static long usedBytes(Connection c) throws SQLException {
        return (pragma(c, "page_count") - pragma(c, "freelist_count")) * pragma(c, "page_size");
    }

    /** Drops the oldest data until the file fits; returns the number of entries dropped. */
    long makeRoom(Connection c) throws SQLException {
        long dropped = 0;
        while (usedBytes(c) > maxBytes) {
            int n = dropOldestPending(c);
            if (n == 0) {
                n = dropOldestSealed(c);
                if (n == 0) {
                    break;
                }
            }
            dropped += n;
        }
        return dropped;
    }

    private static int dropOldestPending(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "DELETE FROM pending WHERE seq IN (SELECT seq FROM pending ORDER BY seq LIMIT ?)")) {
            ps.setInt(1, STEP);
            return ps.executeUpdate();
        }
    }

    private static int dropOldestSealed(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pos, entries FROM sealed ORDER BY pos LIMIT 1")) {
            if (!rs.next()) {
                return 0;
            }
            long pos = rs.getLong(1);
            int entries = rs.getInt(2);
            s.executeUpdate("DELETE FROM sealed WHERE pos = " + pos);
            return entries;
        }
    }

    private static long pragma(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }
}
