package com.scalesense.hal.replay;

import com.scalesense.hal.SampleStatus;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a trace (docs/trace-format.md) one row at a time, checking every rule as it goes; memory
 * stays constant however long the trace is.
 *
 * <p>Guarantee: every row returned passed all rules; the first bad line throws a
 * {@link TraceFormatException} naming the line, the column, the rule and the last good line, and
 * the reader returns nothing after it.
 */
public final class TraceReader implements AutoCloseable {

    private final String source;
    private final TraceLines lines;
    private final TraceHeader header;
    private final boolean statusColumn;
    private long lastGoodLine;
    private long previousTimestamp = -1;

    private TraceReader(String source, TraceLines lines) throws IOException {
        this.source = source;
        this.lines = lines;
        TraceHeaderParser.Parsed parsed = new TraceHeaderParser(source, lines).parse();
        this.header = parsed.header();
        this.statusColumn = parsed.statusColumn();
        this.lastGoodLine = lines.number();
    }

    /**
     * Opens a trace file and reads its header.
     *
     * @throws TraceIoException     if the file cannot be read
     * @throws TraceFormatException if the header breaks a rule
     */
    public static TraceReader open(Path path) {
        Reader reader;
        try {
            reader = Files.newBufferedReader(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TraceIoException(path, "open", e);
        }
        try {
            return new TraceReader(path.getFileName().toString(), new TraceLines(reader));
        } catch (IOException e) {
            closeQuietly(reader, e);
            throw new TraceIoException(path, "read", e);
        } catch (RuntimeException e) {
            closeQuietly(reader, e);
            throw e;
        }
    }

    /** Reads a trace from any reader, e.g. a string in a test; {@code source} labels messages. */
    public static TraceReader of(Reader reader, String source) {
        try {
            return new TraceReader(source, new TraceLines(reader));
        } catch (IOException e) {
            throw new TraceIoException(Path.of(source), "read", e);
        }
    }

    public TraceHeader header() {
        return header;
    }

    /**
     * @return the next row, or empty at the end of the trace
     * @throws TraceFormatException if the next line breaks a rule
     * @throws TraceIoException     if the file cannot be read
     */
    public Optional<TraceRow> next() {
        String line;
        try {
            line = lines.next();
        } catch (IOException e) {
            throw new TraceIoException(Path.of(source), "read", e);
        }
        if (line == null) {
            return Optional.empty();
        }
        TraceRow row = parseRow(line);
        if (!lines.terminated()) {
            throw bad("line", line, "every row ends with a line end; this one was cut off"
                    + " (a recording stopped mid-write: delete the line to keep the rest)");
        }
        previousTimestamp = row.timestampMs();
        lastGoodLine = row.lineNumber();
        return Optional.of(row);
    }

    private TraceRow parseRow(String line) {
        String[] fields = line.split(",", -1);
        int expected = statusColumn ? 3 : 2;
        if (fields.length != expected && !(statusColumn && fields.length == 2)) {
            throw bad("line", line, statusColumn
                    ? "2 or 3 comma-separated fields: timestamp_ms,raw_counts[,status]"
                    : "2 comma-separated fields: timestamp_ms,raw_counts");
        }
        long timestamp = parseLong(fields[0], "timestamp_ms", TraceRules.RULE_TIMESTAMP);
        if (timestamp < 0) {
            throw bad("timestamp_ms", fields[0], TraceRules.RULE_TIMESTAMP);
        }
        if (timestamp <= previousTimestamp) {
            throw bad("timestamp_ms", fields[0], TraceRules.timestampOrderRule(previousTimestamp));
        }
        long counts = parseLong(fields[1], "raw_counts", TraceRules.RULE_COUNTS);
        if (!TraceRules.countsInRange(counts)) {
            throw bad("raw_counts", fields[1], TraceRules.RULE_COUNTS);
        }
        SampleStatus status = SampleStatus.OK;
        if (fields.length == 3 && !fields[2].isEmpty()) {
            status = TraceRules.parseStatus(fields[2]);
            if (status == null) {
                throw bad("status", fields[2], TraceRules.RULE_STATUS);
            }
        }
        return new TraceRow(timestamp, (int) counts, status, lines.number());
    }

    private long parseLong(String text, String column, String rule) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw bad(column, text, rule);
        }
    }

    private TraceFormatException bad(String column, String value, String rule) {
        return new TraceFormatException(source, lines.number(), column, value, rule, lastGoodLine);
    }

    /** Releases the file; idempotent. */
    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException e) {
            throw new TraceIoException(Path.of(source), "close", e);
        }
    }

    private static void closeQuietly(Reader reader, Exception primary) {
        try {
            reader.close();
        } catch (IOException suppressed) {
            primary.addSuppressed(suppressed);
        }
    }
}
