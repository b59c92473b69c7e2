package com.scalesense.agent.outbox;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the outbox lives and how large it may grow.
 *
 * @param file     the store file, e.g. {@code /var/lib/scale-sense/outbox.journal}
 * @param maxBytes bound on the bytes in use in {@code file}, at least {@link #MIN_MAX_BYTES};
 *                 when reached, the oldest unsealed entries are dropped and counted
 */
public record OutboxConfig(Path file, long maxBytes) {

    /**
     * Default bound: 64 MiB. A reading is ~300 bytes of JSON plus its ~110-byte context and record
     * framing, so on the order of 100 000 readings, about two months at one a minute (estimate).
     */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    /**
     * Smallest bound accepted: set for the SQLite outbox (its empty schema took a handful of 4 KiB
     * pages) and kept for the journal, so that configurations valid before stay valid.
     */
    public static final long MIN_MAX_BYTES = 64L * 1024;
    /** Name of the outbox journal in the state directory. */
    public static final String FILE_NAME = "outbox.journal";
    /**
     * Name of the SQLite outbox of earlier versions in the state directory; its unsent content is
     * migrated into the journal when found next to it, then it is renamed {@code outbox.db.migrated-…}.
     */
    public static final String LEGACY_FILE_NAME = "outbox.db";

    public OutboxConfig {
        Objects.requireNonNull(file, "outbox.file must not be null.");
        if (maxBytes < MIN_MAX_BYTES) {
            throw new IllegalArgumentException("outbox.max_bytes must be at least " + MIN_MAX_BYTES + ", was "
                    + maxBytes + ".");
        }
    }

    /** The legacy SQLite file migrated into {@code file}: {@link #LEGACY_FILE_NAME} beside it. */
    public Path legacyFile() {
        return file.resolveSibling(LEGACY_FILE_NAME);
    }

    public static OutboxConfig at(Path file) {
        return new OutboxConfig(file, DEFAULT_MAX_BYTES);
    }
}
