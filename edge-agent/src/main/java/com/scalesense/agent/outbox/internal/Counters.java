package com.scalesense.agent.outbox.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Lifetime counters kept in the outbox file, changed inside the caller's transaction. */
final class Counters {

    /** Entries dropped to stay within the byte bound. */
    static final String DROPPED = "dropped_entries";

    private final Connection c;

    Counters(Connection c) {
        this.c = c;
    }

    void add(String name, long delta) throws SQLException {
        if (delta == 0) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO counters(name, value) VALUES (?, ?) "
                + "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value")) {
            ps.setString(1, name);
            ps.setLong(2, delta);
            ps.executeUpdate();
        }
    }

    long get(String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT value FROM counters WHERE name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }
}
