package com.scalesense.agent.outbox;

import com.scalesense.agent.store.Quarantine;
import java.io.IOError;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.mapdb.BTreeKeySerializer;
import org.mapdb.BTreeMap;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

/**
 * The outbox on MapDB with transactions on: the engine we evaluated against SQLite with the same
 * crash test ({@link EngineCrashComparison}), then on MapDB 3.1.0, since issue 18 on the agent's
 * MapDB 1.0.9. Kept in test sources as evidence, not shipped. Its bound counts logical bytes (MapDB exposes no page statistics).
 */
final class MapDbCandidateOutbox implements Outbox {

    private final DB db;
    private final BTreeMap<Long, byte[]> pending;
    private final BTreeMap<Long, byte[]> sealed;
    private final HTreeMap<String, Long> sealedPos;
    private final HTreeMap<String, Long> meta;
    private final long maxBytes;
    private final int movedAside;

    private MapDbCandidateOutbox(DB db, long maxBytes, int movedAside) {
        this.db = db;
        this.pending = db.createTreeMap("pending").keySerializer(BTreeKeySerializer.ZERO_OR_POSITIVE_LONG)
                .valueSerializer(Serializer.BYTE_ARRAY).makeOrGet();
        this.sealed = db.createTreeMap("sealed").keySerializer(BTreeKeySerializer.ZERO_OR_POSITIVE_LONG)
                .valueSerializer(Serializer.BYTE_ARRAY).makeOrGet();
        this.sealedPos = db.createHashMap("sealed_pos").keySerializer(Serializer.STRING).valueSerializer(Serializer.LONG).makeOrGet();
        this.meta = db.createHashMap("meta").keySerializer(Serializer.STRING).valueSerializer(Serializer.LONG).makeOrGet();
        this.maxBytes = maxBytes;
        this.movedAside = movedAside;
        // MapDB has no integrity_check: reading every value is the closest equivalent.
        pending.values().forEach(v -> { });
        sealed.values().forEach(v -> { });
        sealedPos.size();
    }

    static MapDbCandidateOutbox open(OutboxConfig config, Clock clock) {
        Path file = config.file();
        try {
            return new MapDbCandidateOutbox(make(file), config.maxBytes(), 0);
        } catch (RuntimeException | IOError | AssertionError e) {
            new Quarantine(clock).moveAside(file, ".p", ".t");
            return new MapDbCandidateOutbox(make(file), config.maxBytes(), 1);
        }
    }

    private static DB make(Path file) {
        return DBMaker.newFileDB(file.toFile()).checksumEnable().cacheDisable().make();
    }

    @Override
    public synchronized long append(OutboxEntry entry) {
        return appendAll(List.of(entry)).get(0);
    }

    @Override
    public synchronized List<Long> appendAll(List<OutboxEntry> entries) {
        List<Long> seqs = new ArrayList<>();
        try {
            for (OutboxEntry e : entries) {
                long seq = next("next_seq");
                byte[] group = e.group().getBytes(StandardCharsets.UTF_8);
                byte[] body = e.body();
                pending.put(seq, ByteBuffer.allocate(1 + 8 + 4 + group.length + body.length).put((byte) e.kind().ordinal())
                        .putLong(e.monoMs()).putInt(group.length).put(group).put(body).array());
                add("bytes", group.length + body.length);
                seqs.add(seq);
            }
            while (meta.getOrDefault("bytes", 0L) > maxBytes && !pending.isEmpty()) {
                Map.Entry<Long, byte[]> oldest = pending.pollFirstEntry();
                add("bytes", -(oldest.getValue().length - 13));
                add("dropped", 1);
            }
            db.commit();
            return seqs;
        } catch (RuntimeException e) {
            db.rollback();
            throw e;
        }
    }

    @Override
    public synchronized List<PendingEntry> pending(int max) {
        List<PendingEntry> out = new ArrayList<>();
        for (Map.Entry<Long, byte[]> e : pending.entrySet()) {
            if (out.size() == max) {
                break;
            }
            ByteBuffer b = ByteBuffer.wrap(e.getValue());
            EntryKind kind = EntryKind.values()[b.get()];
            long mono = b.getLong();
            byte[] group = new byte[b.getInt()];
            b.get(group);
            byte[] body = new byte[b.remaining()];
            b.get(body);
            out.add(new PendingEntry(e.getKey(), new OutboxEntry(kind, new String(group, StandardCharsets.UTF_8), mono, body)));
        }
        return out;
    }

    @Override
    public synchronized SealedBatch seal(SealRequest r) {
        try {
            OptionalLong last = lastWindowEnd(r.bootId());
            if (last.isPresent() && r.windowEndMs() <= last.getAsLong()) {
                throw new WindowNotIncreasingException(r.bootId(), last.getAsLong(), r.windowEndMs());
            }
            if (sealedPos.containsKey(r.batch().batchId())) {
                throw new DuplicateBatchIdException(r.batch().batchId());
            }
            var range = pending.subMap(r.firstSeq(), true, r.lastSeq(), true);
            if (range.size() != r.entryCount()) {
                throw new SealConflictException(r.firstSeq(), r.lastSeq(), r.entryCount(), range.size());
            }
            range.clear();
            long pos = next("next_pos");
            byte[] id = r.batch().batchId().getBytes(StandardCharsets.UTF_8);
            sealed.put(pos, ByteBuffer.allocate(4 + id.length + r.batch().payload().length).putInt(id.length).put(id)
                    .put(r.batch().payload()).array());
            sealedPos.put(r.batch().batchId(), pos);
            meta.put("window_end:" + r.bootId(), r.windowEndMs());
            db.commit();
            return r.batch();
        } catch (RuntimeException e) {
            db.rollback();
            throw e;
        }
    }

    @Override
    public synchronized OptionalLong lastWindowEnd(String bootId) {
        Long end = meta.get("window_end:" + bootId);
        return end == null ? OptionalLong.empty() : OptionalLong.of(end);
    }

    @Override
    public synchronized List<SealedBatch> oldest(int max) {
        List<SealedBatch> out = new ArrayList<>();
        for (byte[] v : sealed.values()) {
            if (out.size() == max) {
                break;
            }
            ByteBuffer b = ByteBuffer.wrap(v);
            byte[] id = new byte[b.getInt()];
            b.get(id);
            byte[] payload = new byte[b.remaining()];
            b.get(payload);
            out.add(new SealedBatch(new String(id, StandardCharsets.UTF_8), payload));
        }
        return out;
    }

    @Override
    public synchronized void acknowledge(String batchId) {
        Long pos = sealedPos.remove(batchId);
        if (pos != null) {
            sealed.remove(pos);
        }
        db.commit();
    }

    @Override
    public synchronized OutboxStatus status() {
        return new OutboxStatus(pending.size(), sealed.size(), meta.getOrDefault("bytes", 0L), maxBytes,
                meta.getOrDefault("dropped", 0L), movedAside);
    }

    @Override
    public synchronized void close() {
        db.close();
    }

    private long next(String counter) {
        long n = meta.getOrDefault(counter, 0L) + 1;
        meta.put(counter, n);
        return n;
    }

    private void add(String counter, long delta) {
        meta.put(counter, meta.getOrDefault(counter, 0L) + delta);
    }
}
