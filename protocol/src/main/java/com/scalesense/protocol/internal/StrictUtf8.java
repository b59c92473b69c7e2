package com.scalesense.protocol.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * RFC 8259 §8.1: JSON exchanged between systems MUST be UTF-8 and MUST NOT begin with a byte
 * order mark. Jackson on its own detects UTF-16 and UTF-32 from the first bytes, skips a BOM and
 * decodes some ill-formed UTF-8, so the bytes are checked here first with the JDK's strict
 * decoder (which refuses everything RFC 3629 §3 forbids): over-long forms such as
 * {@code C0 80}, surrogates encoded in UTF-8 ({@code ED A0 80}), code points above U+10FFFF
 * ({@code F4 90 80 80} and up) and truncated or stray bytes.
 */
public final class StrictUtf8 {

    private static final int CHUNK = 8192;

    private StrictUtf8() {
    }

    /** Null when {@code json} is strict UTF-8 without a BOM; else the rule it breaks, naming the byte. */
    public static String problem(byte[] json) {
        String encoding = otherEncoding(json);
        if (encoding != null) {
            return "payload must be UTF-8 without a byte order mark (RFC 8259 §8.1), was " + encoding;
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(json);
        CharBuffer out = CharBuffer.allocate(CHUNK);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                int at = in.position();
                return "payload must be well-formed UTF-8 (RFC 8259 §8.1, RFC 3629): " + whatIsAt(json, at)
                        + " at byte " + at;
            }
            if (result.isUnderflow()) {
                return null;
            }
            out.clear();
        }
    }

    /** The encoding the first bytes show when it is not plain UTF-8, or null. */
    private static String otherEncoding(byte[] b) {
        if (starts(b, 0xEF, 0xBB, 0xBF)) {
            return "UTF-8 with a byte order mark (EF BB BF)";
        }
        if (starts(b, 0x00, 0x00, 0xFE, 0xFF) || starts(b, 0xFF, 0xFE, 0x00, 0x00)) {
            return "UTF-32 (byte order mark)";
        }
        if (starts(b, 0xFE, 0xFF) || starts(b, 0xFF, 0xFE)) {
            return "UTF-16 (byte order mark)";
        }
        // RFC 4627 §3: JSON begins with two ASCII characters, so zero bytes among the first four
        // mean UTF-16 or UTF-32 (a zero byte is never valid JSON text in UTF-8 anyway).
        if (b.length >= 4 && (b[0] == 0 || b[1] == 0 || b[2] == 0 || b[3] == 0)) {
            boolean utf32 = (b[0] == 0 && b[1] == 0 && b[2] == 0) || (b[1] == 0 && b[2] == 0 && b[3] == 0);
            return utf32 ? "UTF-32 (zero bytes in the first four)" : "UTF-16 (zero bytes in the first four)";
        }
        return null;
    }

    /** Names the ill-formed sequence that starts at {@code at} (RFC 3629 §4's table). */
    private static String whatIsAt(byte[] b, int at) {
        int lead = b[at] & 0xFF;
        int next = at + 1 < b.length ? b[at + 1] & 0xFF : -1;
        if (lead == 0xC0 || lead == 0xC1 || (lead == 0xE0 && next >= 0 && next < 0xA0)
                || (lead == 0xF0 && next >= 0 && next < 0x90)) {
            return String.format("over-long encoding (%02X%s)", lead, next < 0 ? "" : String.format(" %02X", next));
        }
        if (lead == 0xED && next >= 0xA0) {
            return String.format("UTF-16 surrogate encoded in UTF-8 (ED %02X)", next);
        }
        if (lead >= 0xF5 || (lead == 0xF4 && next >= 0x90)) {
            return String.format("code point above U+10FFFF (%02X)", lead);
        }
        if (lead >= 0x80 && lead <= 0xBF) {
            return String.format("continuation byte without a lead byte (%02X)", lead);
        }
        return String.format("truncated or ill-formed sequence starting %02X", lead);
    }

    private static boolean starts(byte[] b, int... prefix) {
        if (b.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((b[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
