package com.scalesense.agent.outbox.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the journal holds, rebuilt by applying its records in order: file offsets of the pending
 * entries and sealed payloads (not copies of them), the boots' last window ends, the sequence
 * high-water mark and the dropped count. Also the size a compaction would write ({@link #liveBytes}).
 * Not thread-safe; the outbox guards it.
 */
final class JournalIndex {

    /** Where an encoded entry or a batch payload lies in the file. */
    record Ref(long offset, int length, int entries) {
    }

    private final NavigableMap<Long, Ref> pending = new TreeMap<>();
    /** batch_id → payload, in seal order. */
    private final LinkedHashMap<String, Ref> sealed = new LinkedHashMap<>();
    private final Map<String, Long> windows = new HashMap<>();
    private final Set<Long> migrated = new HashSet<>();
    private long nextSeq = 1;
    private long dropped;
    private long pendingBytes;
    private long sealedBytes;

    /** Applies one record whose type byte lies at file offset {@code at}; {@code b} is positioned after the type. */
    void apply(byte type, ByteBuffer b, long at) {
        switch (type) {
            case JournalRecord.META -> {
                nextSeq = Math.max(nextSeq, b.getLong());
                dropped = b.getLong();
            }
            case JournalRecord.WINDOW -> windows.merge(JournalRecord.readStr(b), b.getLong(), Math::max);
            case JournalRecord.APPEND -> applyAppend(b, at);
            case JournalRecord.SEAL -> {
                long first = b.getLong();
                long last = b.getLong();
                int entries = b.getInt();
                removePending(first, last);
                String boot = JournalRecord.readStr(b);
                windows.put(boot, b.getLong());
                addBatch(JournalRecord.readStr(b), entries, b, at);
            }
            case JournalRecord.BATCH -> {
                String id = JournalRecord.readStr(b);
                addBatch(id, b.getInt(), b, at);
            }
            case JournalRecord.ACK -> removeBatch(JournalRecord.readStr(b));
            case JournalRecord.MIGRATED -> migrated.add(b.getLong());
            default -> throw new IllegalArgumentException("journal record type " + type + " is unknown.");
        }
    }

    private void applyAppend(ByteBuffer b, long at) {
        long seq = b.getLong();
        int count = b.getInt();
        for (int i = 0; i < count; i++, seq++) {
            int start = b.position();
            b.get();
            skip(b);
            b.getLong();
            skip(b);
            int length = b.position() - start;
            pending.put(seq, new Ref(at + start, length, 1));
            pendingBytes += appendRecordSize(length);
            nextSeq = Math.max(nextSeq, seq + 1);
        }
    }

    /** Skips a length-prefixed field. */
    private static void skip(ByteBuffer b) {
        int length = b.getInt();
        b.position(b.position() + length);
    }

    private void addBatch(String batchId, int entries, ByteBuffer b, long at) {
        int length = b.getInt();
        Ref ref = new Ref(at + b.position(), length, entries);
        b.position(b.position() + length);
        removeBatch(batchId);
        sealed.put(batchId, ref);
        sealedBytes += batchRecordSize(batchId, length);
    }

    private void removeBatch(String batchId) {
        Ref old = sealed.remove(batchId);
        if (old != null) {
            sealedBytes -= batchRecordSize(batchId, old.length());
        }
    }

    private void removePending(long first, long last) {
        NavigableMap<Long, Ref> range = pending.subMap(first, true, last, true);
        range.values().forEach(r -> pendingBytes -= appendRecordSize(r.length()));
        range.clear();
    }

    /** Pending entries between the two sequence numbers, inclusive. */
    int pendingBetween(long first, long last) {
        return pending.subMap(first, true, last, true).size();
    }

    NavigableMap<Long, Ref> pending() {
        return pending;
    }

    Map<String, Ref> sealed() {
        return sealed;
    }

    Map<String, Long> windows() {
        return windows;
    }

    Set<Long> migrated() {
        return migrated;
    }

    long nextSeq() {
        return nextSeq;
    }

    long dropped() {
        return dropped;
    }

    /**
     * Drops the oldest pending entries, then the oldest sealed batches, until {@link #liveBytes}
     * is at most {@code target}; returns how many readings/events went (a batch counts its entries).
     * Changes only this index: the caller makes it durable with a compaction.
     */
    long dropOldestUntil(long target) {
        long n = 0;
        while (liveBytes() > target && !pending.isEmpty()) {
            Map.Entry<Long, Ref> e = pending.pollFirstEntry();
            pendingBytes -= appendRecordSize(e.getValue().length());
            n++;
        }
        Iterator<Map.Entry<String, Ref>> it = sealed.entrySet().iterator();
        while (liveBytes() > target && it.hasNext()) {
            Map.Entry<String, Ref> e = it.next();
            sealedBytes -= batchRecordSize(e.getKey(), e.getValue().length());
            n += e.getValue().entries();
            it.remove();
        }
        dropped += n;
        return n;
    }

    /** Bytes a compaction of this state writes: magic, META, windows, migrations, entries, batches. */
    long liveBytes() {
        long w = 0;
        for (String boot : windows.keySet()) {
            w += JournalRecord.FRAME + 1 + 4 + boot.getBytes(StandardCharsets.UTF_8).length + 8;
        }
        return JournalRecord.MAGIC.length + JournalRecord.FRAME + 17 + w
                + migrated.size() * (long) (JournalRecord.FRAME + 9) + pendingBytes + sealedBytes;
    }

    private static long appendRecordSize(int entryLength) {
        return JournalRecord.FRAME + 1 + 8 + 4 + entryLength;
    }

    private static long batchRecordSize(String batchId, int payloadLength) {
        return JournalRecord.FRAME + 1 + 4 + batchId.getBytes(StandardCharsets.UTF_8).length + 4 + 4 + payloadLength;
    }
}
