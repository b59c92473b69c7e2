package com.scalesense.hal.replay;

import com.scalesense.hal.SampleRate;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The comment block at the top of a trace (docs/trace-format.md).
 *
 * @param rate      the HX711 output data rate during capture ({@code rate_sps}, 10 or 80 samples/s)
 * @param gain      channel and gain during capture ({@code gain})
 * @param startedAt wall-clock instant the capture began, UTC ({@code started_at}); informational:
 *                  row timestamps are what replay uses
 * @param notes     the other {@code # key=value} lines in file order, e.g. device_id, note; keys are
 *                  lower-case {@code [a-z][a-z0-9_]*}, values one line of text
 */
public record TraceHeader(SampleRate rate, TraceGain gain, Instant startedAt, Map<String, String> notes) {

    public TraceHeader {
        Objects.requireNonNull(rate, "rate must not be null");
        Objects.requireNonNull(gain, "gain must not be null");
        Objects.requireNonNull(startedAt, "startedAt must not be null");
        Objects.requireNonNull(notes, "notes must not be null");
        for (Map.Entry<String, String> note : notes.entrySet()) {
            String keyRule = TraceRules.noteKeyViolation(note.getKey());
            if (keyRule != null) {
                throw new IllegalArgumentException("notes key '" + TraceFormatException.truncate(note.getKey())
                        + "' breaks rule: " + keyRule);
            }
            String valueRule = TraceRules.noteValueViolation(note.getValue());
            if (valueRule != null) {
                throw new IllegalArgumentException("notes value of '" + note.getKey() + "' = '"
                        + TraceFormatException.truncate(String.valueOf(note.getValue())) + "' breaks rule: " + valueRule);
            }
        }
        notes = Collections.unmodifiableMap(new LinkedHashMap<>(notes));
    }

    /** A header without notes. */
    public static TraceHeader of(SampleRate rate, TraceGain gain, Instant startedAt) {
        return new TraceHeader(rate, gain, startedAt, Map.of());
    }

    /** This header with one more note; keys keep their insertion order. */
    public TraceHeader withNote(String key, String value) {
        Map<String, String> more = new LinkedHashMap<>(notes);
        more.put(key, value);
        return new TraceHeader(rate, gain, startedAt, more);
    }
}
