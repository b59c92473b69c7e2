package com.scalesense.agent.outbox.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * One journal file: records appended at its end, each forced to the device
 * ({@code FileChannel.force}, fdatasync on Linux) before the write returns, and read back by offset.
 * Replay stops at the first record whose length or CRC does not hold (a write torn by a power cut
 * or a kill); the writer cuts that tail off.
 */
final class JournalFile implements AutoCloseable {

    private final FileChannel ch;
    private long end;

    private JournalFile(FileChannel ch, long end) {
        this.ch = ch;
        this.end = end;
    }

    /** The file is not a journal (wrong magic): the caller moves it aside. */
    static final class NotAJournal extends IOException {
        private static final long serialVersionUID = 1L;

        NotAJournal(Path file) {
            super(file + " does not start with the outbox journal's magic bytes");
        }
    }

    /**
     * Opens {@code file} for writing (created with its magic if missing or shorter than it),
     * replays it into {@code index} and cuts off a torn tail.
     *
     * @return the file and how many bytes of tail were cut off
     */
    static Opened openForWriting(Path file, JournalIndex index) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            if (ch.size() < JournalRecord.MAGIC.length) {
                // A file created and killed before its magic was forced holds nothing yet.
                ch.truncate(0);
                ch.write(ByteBuffer.wrap(JournalRecord.MAGIC), 0);
                ch.force(true);
                forceDirectory(file);
            }
            long good = replay(ch, file, index);
            long cut = ch.size() - good;
            if (cut > 0) {
                ch.truncate(good);
                ch.force(true);
            }
            return new Opened(new JournalFile(ch, good), cut);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    record Opened(JournalFile file, long cutBytes) {
    }

    /** Replays {@code file} into {@code index} without writing; returns the end of its last good record. */
    static long replayReadOnly(Path file, JournalIndex index) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return replay(ch, file, index);
        }
    }

    private static long replay(FileChannel ch, Path file, JournalIndex index) throws IOException {
        ByteBuffer magic = ByteBuffer.allocate(JournalRecord.MAGIC.length);
        readFully(ch, magic, 0);
        if (!Arrays.equals(magic.array(), JournalRecord.MAGIC)) {
            throw new NotAJournal(file);
        }
        long size = ch.size();
        long pos = JournalRecord.MAGIC.length;
        ByteBuffer frame = ByteBuffer.allocate(JournalRecord.FRAME);
        while (pos + JournalRecord.FRAME < size) {
            frame.clear();
            readFully(ch, frame, pos);
            int length = frame.getInt(0);
            if (length < 1 || length > size - pos - JournalRecord.FRAME) {
                break;
            }
            ByteBuffer content = ByteBuffer.allocate(length);
            readFully(ch, content, pos + JournalRecord.FRAME);
            content.flip();
            if (JournalRecord.crc(content) != frame.getInt(4)) {
                break;
            }
            byte type = content.get();
            index.apply(type, content, pos + JournalRecord.FRAME);
            pos += JournalRecord.FRAME + length;
        }
        return pos;
    }

    /** Writes {@code body} as one record at the end, forces it, applies it to {@code index}. */
    void append(JournalRecord.Body body, JournalIndex index) throws IOException {
        ByteBuffer record = JournalRecord.frame(body);
        int length = record.remaining();
        long at = end;
        writeFully(ch, record, at);
        ch.force(false);
        end = at + length;
        ByteBuffer content = record.position(JournalRecord.FRAME).slice();
        index.apply(content.get(), content, at + JournalRecord.FRAME);
    }

    /** {@code length} bytes at {@code offset}. */
    byte[] read(long offset, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        readFully(ch, b, offset);
        return b.array();
    }

    /** Bytes in the file, including records no longer live. */
    long size() {
        return end;
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }

    /**
     * Writes a new journal at {@code tmp} from the records {@code writer} produces, forces it,
     * renames it over {@code file} atomically and forces the directory: after a crash the old or
     * the new file is there, whole.
     */
    static void replaceAtomically(Path file, Path tmp, RecordSource writer) throws IOException {
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            long[] pos = {0};
            writeFully(out, ByteBuffer.wrap(JournalRecord.MAGIC), 0);
            pos[0] = JournalRecord.MAGIC.length;
            writer.writeTo(body -> {
                ByteBuffer r = JournalRecord.frame(body);
                int n = r.remaining();
                writeFully(out, r, pos[0]);
                pos[0] += n;
            });
            out.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        forceDirectory(file);
    }

    /** Produces the records of a new journal. */
    @FunctionalInterface
    interface RecordSource {
        void writeTo(RecordSink sink) throws IOException;
    }

    @FunctionalInterface
    interface RecordSink {
        void put(JournalRecord.Body body) throws IOException;
    }

    /** Makes a rename or a creation in {@code file}'s directory durable (fsync of the directory, Linux). */
    static void forceDirectory(Path file) throws IOException {
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        long p = pos;
        while (b.hasRemaining()) {
            int n = ch.read(b, p);
            if (n < 0) {
                throw new IOException("journal ends at " + p + ", " + b.remaining() + " bytes short");
            }
            p += n;
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        long p = pos;
        while (b.hasRemaining()) {
            p += ch.write(b, p);
        }
    }
}
