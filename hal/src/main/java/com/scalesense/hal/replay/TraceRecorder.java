package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Writes samples to a new trace file (docs/trace-format.md), which {@link TraceReader} and
 * {@link ReplayLoadCell} read back as the same values, statuses and timestamps.
 *
 * <p>Guarantees: the file is created new, never overwritten; the header is on disk when
 * {@link #create} returns; rows are flushed whenever {@code flushEvery} of trace time has passed
 * since the last flush, and on {@link #close()}, so a power cut loses at most that much; a row
 * cut off by the cut is refused by the reader, not misread.
 *
 * <p>Timestamps: each row carries its sample's {@code wallMillis}, unless the wall clock stepped
 * during the capture; then the monotonic clock carries the trace on (see {@link TraceTimestamps}),
 * so the strictly increasing rule holds on a Pi that syncs NTP mid-capture.
 */
public final class TraceRecorder implements AutoCloseable {

    private final Path path;
    private final Writer out;
    private final TraceHeader header;
    private final long flushEveryMs;
    private long linesWritten;
    private long rowsWritten;
    private final TraceTimestamps timestamps = new TraceTimestamps();
    private long lastFlushMs = -1;
    private boolean closed;

    private TraceRecorder(Path path, Writer out, TraceHeader header, Duration flushEvery) {
        this.path = path;
        this.out = out;
        this.header = header;
        this.flushEveryMs = flushEvery.toMillis();
    }

    /**
     * Creates {@code path} and writes the header.
     *
     * @param flushEvery trace time between flushes to the OS; 1 s loses at most 80 samples at 80 SPS
     * @throws TraceIoException if the file exists or cannot be written
     */
    public static TraceRecorder create(Path path, TraceHeader header, Duration flushEvery) {
        Objects.requireNonNull(header, "header must not be null");
        if (flushEvery.isNegative()) {
            throw new IllegalArgumentException("flushEvery '" + flushEvery + "' breaks rule: not negative");
        }
        Writer writer;
        try {
            writer = Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new TraceIoException(path, "create", e);
        }
        TraceRecorder recorder = new TraceRecorder(path, writer, header, flushEvery);
        recorder.writeHeader();
        return recorder;
    }

    private void writeHeader() {
        StringBuilder text = new StringBuilder(256);
        line(text, TraceRules.MAGIC);
        line(text, "# " + TraceRules.RATE_KEY + "=" + header.rate().samplesPerSecond());
        line(text, "# " + TraceRules.GAIN_KEY + "=" + header.gain().name());
        line(text, "# " + TraceRules.STARTED_AT_KEY + "=" + header.startedAt());
        for (Map.Entry<String, String> note : header.notes().entrySet()) {
            line(text, "# " + note.getKey() + "=" + note.getValue());
        }
        line(text, TraceRules.COLUMNS_WITH_STATUS);
        write(text.toString());
        flush();
    }

    private void line(StringBuilder text, String line) {
        text.append(line).append('\n');
        linesWritten++;
    }

    /**
     * Appends one sample as a row.
     *
     * @throws TraceFormatException  if the sample's value or first timestamp breaks a rule (nothing is written)
     * @throws TraceClosedException  if the recorder is closed
     * @throws TraceIoException      if the file cannot be written
     */
    public synchronized void record(RawSample sample) {
        if (closed) {
            throw new TraceClosedException("trace recorder for " + path);
        }
        if (!TraceRules.countsInRange(sample.value())) {
            throw bad("raw_counts", sample.value(), TraceRules.RULE_COUNTS);
        }
        long timestamp = timestamps.peek(sample);
        if (timestamp < 0) {
            throw bad("timestamp_ms", timestamp, TraceRules.RULE_TIMESTAMP);
        }
        write(timestamp + "," + sample.value() + "," + TraceRules.statusText(sample.status()) + "\n");
        timestamps.take(sample, timestamp);
        linesWritten++;
        rowsWritten++;
        if (lastFlushMs < 0) {
            lastFlushMs = timestamp;
        }
        if (timestamp - lastFlushMs >= flushEveryMs) {
            flush();
            lastFlushMs = timestamp;
        }
    }

    private TraceFormatException bad(String column, long value, String rule) {
        return new TraceFormatException(path.getFileName().toString(), linesWritten + 1, column,
                String.valueOf(value), rule, linesWritten);
    }

    /** The header this recorder wrote. */
    public TraceHeader header() {
        return header;
    }

    /** Sample rows written so far. */
    public synchronized long rowsWritten() {
        return rowsWritten;
    }

    private void write(String text) {
        try {
            out.write(text);
        } catch (IOException e) {
            throw new TraceIoException(path, "write", e);
        }
    }

    private void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new TraceIoException(path, "flush", e);
        }
    }

    /** Flushes every row and closes the file; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            throw new TraceIoException(path, "close", e);
        }
    }
}
