package com.scalesense.sink.tables;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;

/**
 * gzip (RFC 1952) in memory, for the binary attributes the sink writes compressed because a write
 * costs one unit per started KB (DynamoDB Developer Guide, "Read/write capacity mode"): the packed
 * readings item's rows ({@link PackedRows}) and a held batch's payload.
 *
 * <p>Guarantee: {@link #compress} is a pure function of its input on a given runtime, so a re-put
 * writes byte-identical items. The header is written here, not by {@code GZIPOutputStream} (whose
 * OS byte changed between JDKs): no name, mtime 0, OS 255 ("unknown", RFC 1952 section 2.3.1).
 */
public final class Gzip {

    /** RFC 1952: ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0, XFL = 0, OS = 255 (unknown). */
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    private Gzip() {
    }

    /** The gzip of {@code raw}, best compression: the same bytes for the same input. */
    public static byte[] compress(byte[] raw) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 4 + 32);
        try {
            out.writeBytes(HEADER);
            deflater.setInput(raw);
            deflater.finish();
            byte[] buf = new byte[1024];
            while (!deflater.finished()) {
                out.write(buf, 0, deflater.deflate(buf));
            }
        } finally {
            deflater.end();
        }
        CRC32 crc = new CRC32();
        crc.update(raw);
        // Trailer: CRC32 and input size mod 2^32, both little-endian (RFC 1952 section 2.3.1).
        out.writeBytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                .putInt((int) crc.getValue()).putInt(raw.length).array());
        return out.toByteArray();
    }

    /**
     * The bytes {@code gz} holds, whichever gzip writer wrote them.
     *
     * @throws IOException when {@code gz} is not valid gzip
     */
    public static byte[] decompress(byte[] gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
