package com.scalesense.agent.outbox.internal;

import com.scalesense.agent.outbox.OutboxEntry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The journal's record layout (docs/agent-storage.md "Outbox journal format"). A file is the
 * 8-byte {@link #MAGIC} followed by records {@code [int length][int crc32][byte type][body]},
 * big-endian; {@code length} counts type and body, the CRC32 covers them. A record is the unit of
 * atomicity: replay applies it whole or, if its length or CRC does not hold, stops there.
 */
final class JournalRecord {

    /** "SSOBOX" and format version 1. */
    static final byte[] MAGIC = {'S', 'S', 'O', 'B', 'O', 'X', 0, 1};
    /** Length and CRC32 before each record's type byte. */
    static final int FRAME = 8;

    /** Sequence high-water mark and lifetime dropped count: {@code long nextSeq, long dropped}. */
    static final byte META = 1;
    /** A boot's last sealed window end: {@code str bootId, long endMs}. */
    static final byte WINDOW = 2;
    /** Entries appended in one operation: {@code long firstSeq, int count, count × entry}. */
    static final byte APPEND = 3;
    /** A seal: {@code long firstSeq, long lastSeq, int entries, str bootId, long endMs, str batchId, bytes payload}. */
    static final byte SEAL = 4;
    /** A sealed batch as compaction and migration write it: {@code str batchId, int entries, bytes payload}. */
    static final byte BATCH = 5;
    /** A PUBACKed batch: {@code str batchId}. */
    static final byte ACK = 6;
    /** A legacy SQLite outbox whose content is in this file: {@code long fingerprint}. */
    static final byte MIGRATED = 7;

    private JournalRecord() {
    }

    /** A framed record holding {@code body}, which starts with its type byte. */
    static ByteBuffer frame(Body body) {
        ByteBuffer content = body.buf.flip();
        CRC32 crc = new CRC32();
        crc.update(content.duplicate());
        ByteBuffer out = ByteBuffer.allocate(FRAME + content.remaining());
        out.putInt(content.remaining()).putInt((int) crc.getValue()).put(content);
        return out.flip();
    }

    /** CRC32 of {@code length} bytes of {@code b} from its position, as {@link #frame} computes it. */
    static int crc(ByteBuffer b) {
        CRC32 crc = new CRC32();
        crc.update(b.duplicate());
        return (int) crc.getValue();
    }

    /** Encoded size of one entry inside an APPEND record, bytes. */
    static int entrySize(OutboxEntry e) {
        return 1 + 4 + utf8(e.group()).length + 8 + 4 + e.bodySize();
    }

    static Body append(long firstSeq, List<OutboxEntry> entries) {
        int size = 1 + 8 + 4 + entries.stream().mapToInt(JournalRecord::entrySize).sum();
        Body b = new Body(APPEND, size);
        b.buf.putLong(firstSeq).putInt(entries.size());
        for (OutboxEntry e : entries) {
            b.buf.put((byte) e.kind().ordinal());
            b.str(e.group());
            b.buf.putLong(e.monoMs());
            b.bytes(e.body());
        }
        return b;
    }

    /** An APPEND of one already encoded entry (compaction copies it unchanged). */
    static Body appendEncoded(long seq, byte[] encodedEntry) {
        Body b = new Body(APPEND, 1 + 8 + 4 + encodedEntry.length);
        b.buf.putLong(seq).putInt(1).put(encodedEntry);
        return b;
    }

    static Body seal(long firstSeq, long lastSeq, int entries, String bootId, long endMs, String batchId, byte[] payload) {
        Body b = new Body(SEAL, 1 + 8 + 8 + 4 + 4 + utf8(bootId).length + 8 + 4 + utf8(batchId).length + 4 + payload.length);
        b.buf.putLong(firstSeq).putLong(lastSeq).putInt(entries);
        b.str(bootId);
        b.buf.putLong(endMs);
        b.str(batchId);
        b.bytes(payload);
        return b;
    }

    static Body batch(String batchId, int entries, byte[] payload) {
        Body b = new Body(BATCH, 1 + 4 + utf8(batchId).length + 4 + 4 + payload.length);
        b.str(batchId);
        b.buf.putInt(entries);
        b.bytes(payload);
        return b;
    }

    static Body ack(String batchId) {
        Body b = new Body(ACK, 1 + 4 + utf8(batchId).length);
        b.str(batchId);
        return b;
    }

    static Body meta(long nextSeq, long dropped) {
        Body b = new Body(META, 1 + 16);
        b.buf.putLong(nextSeq).putLong(dropped);
        return b;
    }

    static Body window(String bootId, long endMs) {
        Body b = new Body(WINDOW, 1 + 4 + utf8(bootId).length + 8);
        b.str(bootId);
        b.buf.putLong(endMs);
        return b;
    }

    static Body migrated(long fingerprint) {
        Body b = new Body(MIGRATED, 1 + 8);
        b.buf.putLong(fingerprint);
        return b;
    }

    static String readStr(ByteBuffer b) {
        byte[] s = new byte[b.getInt()];
        b.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A record's type byte and body, filled in place. */
    static final class Body {
        private final ByteBuffer buf;

        private Body(byte type, int size) {
            this.buf = ByteBuffer.allocate(size).put(type);
        }

        private void str(String s) {
            bytes(utf8(s));
        }

        private void bytes(byte[] bytes) {
            buf.putInt(bytes.length).put(bytes);
        }
    }
}
