package com.scalesense.hal.replay;

import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * A load cell that plays back a recorded trace (docs/trace-format.md), streaming the file.
 *
 * <p>{@link #open} checks the whole trace first, so a bad line is reported before the first sample
 * instead of hours into a replay. The replay starts at the first {@link #read}; row {@code i} is
 * due {@code (t_i - t_0) / speed} after it. A read whose row is not due within its timeout waits
 * the timeout and returns NOT_READY, like a chip with no conversion ready.
 *
 * <p>Stamps: {@code monotonicNanos} is the replay start plus the row's offset in the trace, so
 * intervals between samples are the recorded ones whatever the speed; {@code wallMillis} follows
 * {@link ReplayOptions.Stamping}. In {@link ReplayOptions.AtEnd#LOOP} every lap is shifted by the
 * trace's span plus one sample period, so times keep increasing.
 *
 * <p>End of trace in {@link ReplayOptions.AtEnd#STOP}: every read waits its timeout and returns
 * NOT_READY, and {@link #finished()} turns true. A pipeline treats it as a silent chip; a tool that
 * processes a trace stops when {@link #finished()} says so.
 *
 * <p>A read interrupted while waiting for its row throws {@link InterruptedException} and keeps
 * the row for the next read: an interrupt never drops a sample.
 */
public final class ReplayLoadCell implements LoadCell {

    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final Path path;
    private final ReplayOptions options;
    private final ReplayClock clock;
    private final TraceSummary summary;
    private final long lapMs;
    private TraceReader reader;
    private TraceRow pending;
    private boolean started;
    private long startNanos;
    private long startWallMs;
    private long lapShiftMs;
    private boolean finished;
    private boolean closed;

    private ReplayLoadCell(Path path, ReplayOptions options, ReplayClock clock, TraceSummary summary,
                           TraceReader reader) {
        this.path = path;
        this.options = options;
        this.clock = clock;
        this.summary = summary;
        long periodMs = (summary.header().rate().periodNanos() + NANOS_PER_MILLI - 1) / NANOS_PER_MILLI;
        this.lapMs = summary.spanMs() + periodMs;
        this.reader = reader;
    }

    /**
     * Checks the whole trace, then opens it for playback.
     *
     * @throws TraceFormatException at the first line that breaks a rule
     * @throws TraceIoException     if the file cannot be read
     */
    public static ReplayLoadCell open(Path trace, ReplayOptions options, ReplayClock clock) {
        Objects.requireNonNull(options, "options must not be null");
        Objects.requireNonNull(clock, "clock must not be null");
        TraceSummary summary = TraceSummary.scan(trace);
        return new ReplayLoadCell(trace, options, clock, summary, TraceReader.open(trace));
    }

    /** What the check at open found: header, row count, first and last timestamps. */
    public TraceSummary summary() {
        return summary;
    }

    @Override
    public synchronized RawSample read(Duration timeout) throws InterruptedException {
        if (closed) {
            throw new TraceClosedException("replay of " + path);
        }
        long timeoutNanos = timeout.toNanos();
        TraceRow row = pendingRow();
        if (row == null) {
            return notReadyAfter(timeoutNanos);
        }
        if (!started) {
            started = true;
            startNanos = clock.nanoTime();
            startWallMs = clock.wallMillis();
        }
        long offsetMs = row.timestampMs() - summary.firstTimestampMs() + lapShiftMs;
        if (options.paced()) {
            long due = startNanos + (long) (offsetMs * (double) NANOS_PER_MILLI / options.speed());
            long wait = due - clock.nanoTime();
            if (wait > timeoutNanos) {
                return notReadyAfter(timeoutNanos);
            }
            clock.sleepNanos(wait);
        }
        pending = null;
        long wallMs = options.stamping() == ReplayOptions.Stamping.AS_RECORDED
                ? row.timestampMs() + lapShiftMs
                : startWallMs + offsetMs;
        return new RawSample(row.rawCounts(), startNanos + offsetMs * NANOS_PER_MILLI, wallMs, row.status());
    }

    private TraceRow pendingRow() {
        if (pending != null || finished) {
            return pending;
        }
        pending = reader.next().orElse(null);
        if (pending == null && options.atEnd() == ReplayOptions.AtEnd.LOOP && summary.rowCount() > 0) {
            reader.close();
            reader = TraceReader.open(path);
            lapShiftMs += lapMs;
            pending = reader.next().orElse(null);
        }
        if (pending == null) {
            finished = true;
            reader.close();
        }
        return pending;
    }

    private RawSample notReadyAfter(long timeoutNanos) throws InterruptedException {
        clock.sleepNanos(timeoutNanos);
        return new RawSample(0, clock.nanoTime(), clock.wallMillis(), SampleStatus.NOT_READY);
    }

    /** True once a read of a STOP replay found no row left (the read after the last row). */
    public synchronized boolean finished() {
        return finished;
    }

    /** The rate in the trace's header. */
    @Override
    public SampleRate rate() {
        return summary.header().rate();
    }

    /** Releases the file; idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            reader.close();
        }
    }
}
