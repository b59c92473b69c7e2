package com.scalesense.agent.store.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * The last good copy of every NVS value, in a file of our own that does not depend on MapDB:
 * {@code "NVS1"}, entry count, (name, length, bytes)…, then a CRC32 of everything before it.
 * Written to a temporary file, fsynced, then renamed over the old copy, so a power cut leaves
 * either the old or the new snapshot, never a mix.
 */
final class Snapshot {

    private static final int MAGIC = 0x4E565331;

    private Snapshot() {
    }

    static void write(Path file, Map<String, byte[]> values) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(buf)) {
            out.writeInt(MAGIC);
            out.writeInt(values.size());
            for (Map.Entry<String, byte[]> e : new TreeMap<>(values).entrySet()) {
                out.writeUTF(e.getKey());
                out.writeInt(e.getValue().length);
                out.write(e.getValue());
            }
            CRC32 crc = new CRC32();
            crc.update(buf.toByteArray());
            out.writeLong(crc.getValue());
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer bytes = ByteBuffer.wrap(buf.toByteArray());
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The snapshot's values; empty if there is no snapshot.
     *
     * @throws IOException if it exists but is damaged (bad magic, truncated, CRC mismatch)
     */
    static Optional<Map<String, byte[]>> read(Path file) throws IOException {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (all.length < Long.BYTES + 2 * Integer.BYTES) {
            throw new IOException("snapshot " + file + " is truncated (" + all.length + " bytes)");
        }
        CRC32 crc = new CRC32();
        crc.update(all, 0, all.length - Long.BYTES);
        if (crc.getValue() != ByteBuffer.wrap(all, all.length - Long.BYTES, Long.BYTES).getLong()) {
            throw new IOException("snapshot " + file + " fails its CRC32");
        }
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(all))) {
            if (in.readInt() != MAGIC) {
                throw new IOException("snapshot " + file + " has no NVS1 header");
            }
            int n = in.readInt();
            Map<String, byte[]> values = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                byte[] v = new byte[in.readInt()];
                in.readFully(v);
                values.put(name, v);
            }
            return Optional.of(values);
        } catch (EOFException e) {
            throw new IOException("snapshot " + file + " ends inside an entry", e);
        }
    }
}
