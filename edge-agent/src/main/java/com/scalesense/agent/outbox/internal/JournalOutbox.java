package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.DuplicateBatchIdException;
import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.OutboxStorageException;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.agent.outbox.SealConflictException;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.outbox.WindowNotIncreasingException;
import com.scalesense.agent.store.Quarantine;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The outbox on a JDK-only append-only journal (Square Tape's {@code QueueFile} idea, with
 * records instead of a ring): every public operation that changes something is ONE record,
 * CRC32-checked and forced to the device before the call returns, so after a crash it is there
 * whole or not at all. Replayed at open into a {@link JournalIndex} of file offsets; a torn tail
 * is cut off. When dead records dominate, or the file passes its bound (after dropping the oldest
 * data to 7/8 of it), the live state is written to a new file, forced and renamed over the old one.
 * Thread-safe: every method holds this object's monitor.
 */
public final class JournalOutbox implements Outbox {

    private static final System.Logger LOG = System.getLogger(JournalOutbox.class.getName());
    /** Dead bytes below which compaction is not worth a rewrite: 1 MiB, or 1/8 of a small bound. */
    private static final long COMPACT_MIN_DEAD = 1L << 20;

    private final Path path;
    private final long maxBytes;
    private final int corruptFilesMovedAside;
    private JournalFile file;
    private JournalIndex index;

    private JournalOutbox(Path path, long maxBytes, int movedAside) throws IOException {
        this.path = path;
        this.maxBytes = maxBytes;
        this.corruptFilesMovedAside = movedAside;
        reload();
    }

    /**
     * Opens (or creates) the journal at {@code config.file()}; a file that is not a journal is moved
     * aside, never blocks start-up. If the legacy SQLite outbox lies beside it, its unsent content is
     * migrated first ({@link LegacyMigration}).
     */
    public static JournalOutbox open(OutboxConfig config, Clock clock) {
        Path path = config.file();
        try {
            Files.createDirectories(path.toAbsolutePath().getParent());
            Files.deleteIfExists(compactTmp(path));
            JournalOutbox box = openOrMoveAside(path, config.maxBytes(), clock);
            // A kill between a write past the bound and its compaction leaves the file over it.
            box.keepWithinBound();
            Path legacy = config.legacyFile();
            if (!legacy.equals(path) && Files.exists(legacy)) {
                LegacyMigration.migrate(box, legacy, clock);
            }
            return box;
        } catch (IOException e) {
            throw new OutboxStorageException("open of " + path, e);
        }
    }

    private static JournalOutbox openOrMoveAside(Path path, long maxBytes, Clock clock) throws IOException {
        try {
            return new JournalOutbox(path, maxBytes, 0);
        } catch (JournalFile.NotAJournal e) {
            LOG.log(Level.ERROR, "outbox file {0} is not a journal; moving it aside and starting a new one", path);
            new Quarantine(clock).moveAside(path).forEach(p -> LOG.log(Level.ERROR, "damaged outbox kept as {0}", p));
            return new JournalOutbox(path, maxBytes, 1);
        }
    }

    /**
     * What a stopped agent's outbox holds, read without writing a byte. If only the legacy SQLite
     * file exists (an upgraded agent that has not started yet), that one is read.
     */
    public static OutboxStatus readStatus(OutboxConfig config) {
        Path path = config.file();
        try {
            if (!Files.exists(path) && !config.legacyFile().equals(path) && Files.exists(config.legacyFile())) {
                return LegacyMigration.readStatus(new OutboxConfig(config.legacyFile(), config.maxBytes()));
            }
            if (!Files.isRegularFile(path)) {
                throw new NoSuchFileException(path.toString());
            }
            JournalIndex idx = new JournalIndex();
            JournalFile.replayReadOnly(path, idx);
            return new OutboxStatus(idx.pending().size(), idx.sealed().size(), Files.size(path), config.maxBytes(),
                    idx.dropped(), 0);
        } catch (IOException e) {
            throw new OutboxStorageException("read-only status of " + path, e);
        }
    }

    @Override
    public synchronized List<Long> appendAll(List<OutboxEntry> entries) {
        EntrySize.requireFits(entries, maxBytes);
        if (entries.isEmpty()) {
            return List.of();
        }
        long first = index.nextSeq();
        write("append", JournalRecord.append(first, entries));
        List<Long> seqs = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            seqs.add(first + i);
        }
        return seqs;
    }

    @Override
    public synchronized List<PendingEntry> pending(int max) {
        List<PendingEntry> out = new ArrayList<>();
        try {
            for (Map.Entry<Long, JournalIndex.Ref> e : index.pending().entrySet()) {
                if (out.size() >= max) {
                    break;
                }
                out.add(new PendingEntry(e.getKey(), decodeEntry(read(e.getValue()))));
            }
        } catch (IOException e) {
            throw new OutboxStorageException("read of pending entries", e);
        }
        return out;
    }

    @Override
    public synchronized SealedBatch seal(SealRequest r) {
        String batchId = r.batch().batchId();
        Long last = index.windows().get(r.bootId());
        if (last != null && r.windowEndMs() <= last) {
            throw new WindowNotIncreasingException(r.bootId(), last, r.windowEndMs());
        }
        if (index.sealed().containsKey(batchId)) {
            throw new DuplicateBatchIdException(batchId);
        }
        int found = index.pendingBetween(r.firstSeq(), r.lastSeq());
        if (found != r.entryCount()) {
            throw new SealConflictException(r.firstSeq(), r.lastSeq(), r.entryCount(), found);
        }
        write("seal of " + batchId, JournalRecord.seal(r.firstSeq(), r.lastSeq(), r.entryCount(), r.bootId(),
                r.windowEndMs(), batchId, r.batch().payload()));
        return r.batch();
    }

    @Override
    public synchronized OptionalLong lastWindowEnd(String bootId) {
        Long end = index.windows().get(bootId);
        return end == null ? OptionalLong.empty() : OptionalLong.of(end);
    }

    @Override
    public synchronized List<SealedBatch> oldest(int max) {
        List<SealedBatch> out = new ArrayList<>();
        try {
            for (Map.Entry<String, JournalIndex.Ref> e : index.sealed().entrySet()) {
                if (out.size() >= max) {
                    break;
                }
                out.add(new SealedBatch(e.getKey(), read(e.getValue())));
            }
        } catch (IOException e) {
            throw new OutboxStorageException("read of sealed batches", e);
        }
        return out;
    }

    @Override
    public synchronized void acknowledge(String batchId) {
        if (index.sealed().containsKey(batchId)) {
            write("acknowledge of " + batchId, JournalRecord.ack(batchId));
        }
    }

    @Override
    public synchronized OutboxStatus status() {
        return new OutboxStatus(index.pending().size(), index.sealed().size(), file.size(), maxBytes, index.dropped(),
                corruptFilesMovedAside);
    }

    @Override
    public synchronized void close() {
        try {
            file.close();
        } catch (IOException e) {
            throw new OutboxStorageException("close", e);
        }
    }

    /** The live state as records, oldest first: what compaction and migration write. */
    synchronized void writeState(JournalFile.RecordSink sink) throws IOException {
        sink.put(JournalRecord.meta(index.nextSeq(), index.dropped()));
        for (Map.Entry<String, Long> w : index.windows().entrySet()) {
            sink.put(JournalRecord.window(w.getKey(), w.getValue()));
        }
        for (long fingerprint : index.migrated()) {
            sink.put(JournalRecord.migrated(fingerprint));
        }
        for (Map.Entry<Long, JournalIndex.Ref> e : index.pending().entrySet()) {
            sink.put(JournalRecord.appendEncoded(e.getKey(), read(e.getValue())));
        }
        for (Map.Entry<String, JournalIndex.Ref> e : index.sealed().entrySet()) {
            sink.put(JournalRecord.batch(e.getKey(), e.getValue().entries(), read(e.getValue())));
        }
    }

    synchronized JournalIndex index() {
        return index;
    }

    Path path() {
        return path;
    }

    /** Reopens the file after it was replaced, rebuilding the index from it. */
    synchronized void reload() throws IOException {
        if (file != null) {
            file.close();
        }
        JournalIndex fresh = new JournalIndex();
        JournalFile.Opened o = JournalFile.openForWriting(path, fresh);
        if (o.cutBytes() > 0) {
            LOG.log(Level.WARNING, "outbox journal {0}: cut {1} bytes of an unfinished write at its end", path, o.cutBytes());
        }
        file = o.file();
        index = fresh;
    }

    private void write(String operation, JournalRecord.Body body) {
        try {
            file.append(body, index);
        } catch (IOException e) {
            throw new OutboxStorageException(operation, e);
        }
        keepWithinBound();
    }

    /**
     * After a write: past the bound, drops the oldest data to 7/8 of it (so the next drop is an
     * eighth of the bound away, not one record) and compacts; otherwise compacts once dead records
     * outweigh live ones. A failed compaction leaves the old file, which holds the write already.
     */
    synchronized void keepWithinBound() {
        long size = file.size();
        long live = index.liveBytes();
        long dead = size - live;
        if (size <= maxBytes && (dead < Math.min(COMPACT_MIN_DEAD, maxBytes / 8) || dead <= live)) {
            return;
        }
        long dropped = 0;
        if (size > maxBytes && live > maxBytes - maxBytes / 8) {
            dropped = index.dropOldestUntil(maxBytes - maxBytes / 8);
        }
        try {
            JournalFile.replaceAtomically(path, compactTmp(path), this::writeState);
            reload();
        } catch (IOException e) {
            LOG.log(Level.ERROR, "outbox compaction of {0} failed ({1}); {2} entries not dropped, kept the old file",
                    path, e.getMessage(), dropped);
            try {
                reload();
            } catch (IOException again) {
                throw new OutboxStorageException("reopen after a failed compaction", again);
            }
        }
    }

    private byte[] read(JournalIndex.Ref ref) throws IOException {
        return file.read(ref.offset(), ref.length());
    }

    private static OutboxEntry decodeEntry(byte[] encoded) {
        ByteBuffer b = ByteBuffer.wrap(encoded);
        EntryKind kind = EntryKind.values()[b.get()];
        byte[] group = new byte[b.getInt()];
        b.get(group);
        long monoMs = b.getLong();
        byte[] body = new byte[b.getInt()];
        b.get(body);
        return new OutboxEntry(kind, new String(group, StandardCharsets.UTF_8), monoMs, body);
    }

    private static Path compactTmp(Path path) {
        return path.resolveSibling(path.getFileName() + ".compact");
    }
}
