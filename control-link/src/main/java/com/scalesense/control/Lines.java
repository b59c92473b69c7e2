package com.scalesense.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads one '\n'-terminated UTF-8 line of at most {@link #MAX_LINE_BYTES}, so a peer cannot exhaust memory. */
public final class Lines {

    /** A request or reply line is a small JSON object; 64 KiB is far above any of ours. */
    public static final int MAX_LINE_BYTES = 64 * 1024;

    private Lines() {
    }

    /**
     * @return the line without its terminator, or null at end of stream before any byte
     * @throws LineTooLongException if no '\n' came within the limit
     */
    public static String read(InputStream in) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(256);
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                return buf.toString(StandardCharsets.UTF_8);
            }
            if (buf.size() >= MAX_LINE_BYTES) {
                throw new LineTooLongException();
            }
            buf.write(b);
        }
        return buf.size() == 0 ? null : buf.toString(StandardCharsets.UTF_8);
    }

    /** The peer sent a line longer than {@link #MAX_LINE_BYTES}. */
    public static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException() {
            super("line longer than " + MAX_LINE_BYTES + " bytes");
        }
    }
}
