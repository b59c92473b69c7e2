package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.OutboxStorageException;
import com.scalesense.agent.store.Quarantine;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens the outbox file in WAL mode with full fsync, checks it, and moves a damaged file aside
 * so that start-up never blocks on corruption (Telegraf's WAL does; we do not).
 */
final class SqliteOpener {

    private static final System.Logger LOG = System.getLogger(SqliteOpener.class.getName());
    /** SQLite's WAL and shared-memory companions must move with the main file. */
    private static final String[] COMPANIONS = {"-wal", "-shm"};

    private static final String SCHEMA = """
            CREATE TABLE IF NOT EXISTS pending(seq INTEGER PRIMARY KEY AUTOINCREMENT, kind INTEGER NOT NULL,
                grp TEXT NOT NULL, mono_ms INTEGER NOT NULL, body BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS sealed(pos INTEGER PRIMARY KEY AUTOINCREMENT, batch_id TEXT NOT NULL UNIQUE,
                payload BLOB NOT NULL, entries INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS window_end(boot_id TEXT PRIMARY KEY, end_ms INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS counters(name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            """;

    private final Quarantine quarantine;

    SqliteOpener(Quarantine quarantine) {
        this.quarantine = quarantine;
    }

    /** The opened connection and whether a damaged file had to be moved aside first. */
    record Opened(Connection connection, boolean movedAside) {
    }

    Opened open(Path file) {
        try {
            return new Opened(openChecked(file), false);
        } catch (SQLException e) {
            if (!isCorruption(e)) {
                // Locked, read-only, disk full: the file may be fine, so it is not moved aside.
                throw new OutboxStorageException("open of " + file, e);
            }
            LOG.log(Level.ERROR, "outbox file {0} is damaged ({1}); moving it aside and starting a new one",
                    file, e.getMessage());
        } catch (CorruptFile e) {
            LOG.log(Level.ERROR, "outbox file {0} fails its integrity check ({1}); moving it aside and starting a new one",
                    file, e.getMessage());
        }
        try {
            quarantine.moveAside(file, COMPANIONS).forEach(p -> LOG.log(Level.ERROR, "damaged outbox kept as {0}", p));
            return new Opened(openChecked(file), true);
        } catch (SQLException | CorruptFile | UncheckedIOException e) {
            throw new OutboxStorageException("open of " + file, e);
        }
    }

    /**
     * Opens {@code file} for reading only, creating nothing. With no WAL content left (a clean
     * stop checkpoints and removes it) the file is opened {@code immutable=1}: no -shm is needed,
     * which a reader without write access to the directory could not create. A WAL left by a kill
     * is read through its existing -wal/-shm files ({@code mode=ro}, SQLite 3.22+), so what the
     * agent committed last is counted (https://sqlite.org/wal.html#readonly).
     */
    static Connection openReadOnly(Path file) throws SQLException {
        Path wal = Path.of(file + "-wal");
        boolean walHasContent;
        try {
            walHasContent = Files.exists(wal) && Files.size(wal) > 0;
        } catch (java.io.IOException e) {
            throw new SQLException("cannot read the size of " + wal, e);
        }
        if (!Files.isRegularFile(file)) {
            throw new SQLException("no outbox file at " + file);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        String uri = "jdbc:sqlite:" + file.toAbsolutePath().toUri()
                + (walHasContent ? "?mode=ro" : "?mode=ro&immutable=1");
        return DriverManager.getConnection(uri, config.toProperties());
    }

    /** SQLITE_CORRUPT (11) and SQLITE_NOTADB (26), https://sqlite.org/rescode.html; low byte of extended codes. */
    private static boolean isCorruption(SQLException e) {
        int primary = e.getErrorCode() & 0xff;
        return primary == 11 || primary == 26;
    }

    private static Connection openChecked(Path file) throws SQLException {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (java.io.IOException e) {
            throw new SQLException("cannot create directory of " + file, e);
        }
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement s = c.createStatement()) {
            // WAL + synchronous=FULL: a commit returns only after its WAL frames are fsynced, so an
            // acknowledged append survives a power cut (https://sqlite.org/pragma.html#pragma_synchronous).
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=FULL");
            // A checkpoint every 256 pages (1 MiB) keeps the WAL file small on an SD card.
            s.execute("PRAGMA wal_autocheckpoint=256");
            s.execute("PRAGMA journal_size_limit=" + (1024 * 1024));
            try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                String verdict = rs.next() ? rs.getString(1) : "no answer";
                if (!"ok".equals(verdict)) {
                    throw new CorruptFile(verdict);
                }
            }
            for (String ddl : SCHEMA.split(";")) {
                if (!ddl.isBlank()) {
                    s.executeUpdate(ddl);
                }
            }
            c.setAutoCommit(false);
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** integrity_check answered something other than "ok". */
    static final class CorruptFile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CorruptFile(String verdict) {
            super("integrity_check: " + verdict);
        }
    }
}
