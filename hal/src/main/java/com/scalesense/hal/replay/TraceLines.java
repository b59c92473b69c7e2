package com.scalesense.hal.replay;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads a trace line by line without holding more than one line, and tells whether the last line
 * had its line end. A recorder killed mid-write leaves a cut-off last line such as
 * {@code 1763776800012,45} for {@code 1763776800012,4567}; it would parse as a valid but wrong
 * row, so the reader must be able to refuse it.
 */
final class TraceLines implements AutoCloseable {

    private final Reader in;
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;
    private final StringBuilder line = new StringBuilder(64);
    private long number;
    private boolean terminated = true;

    TraceLines(Reader reader) {
        this.in = reader;
    }

    /** @return the next line without its line end (LF or CRLF), or null at the end of the input */
    String next() throws IOException {
        line.setLength(0);
        while (fill()) {
            for (int i = position; i < limit; i++) {
                if (buffer[i] == '\n') {
                    line.append(buffer, position, i - position);
                    position = i + 1;
                    number++;
                    terminated = true;
                    return stripCarriageReturn();
                }
            }
            line.append(buffer, position, limit - position);
            position = limit;
        }
        if (line.length() == 0) {
            return null;
        }
        number++;
        terminated = false;
        return stripCarriageReturn();
    }

    /** @return false at the end of the input */
    private boolean fill() throws IOException {
        if (position < limit) {
            return true;
        }
        int read = in.read(buffer, 0, buffer.length);
        while (read == 0) {
            read = in.read(buffer, 0, buffer.length);
        }
        position = 0;
        limit = Math.max(read, 0);
        return read > 0;
    }

    private String stripCarriageReturn() {
        int end = line.length();
        if (end > 0 && line.charAt(end - 1) == '\r') {
            end--;
        }
        return line.substring(0, end);
    }

    /** 1-based number of the line last returned. */
    long number() {
        return number;
    }

    /** False if the line last returned ended at the end of the input without a line end. */
    boolean terminated() {
        return terminated;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
