package com.scalesense.hal.replay;

import com.scalesense.hal.SampleRate;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Parses the comment block and the column header of a trace; the rules are in docs/trace-format.md. */
final class TraceHeaderParser {

    /** What the rows depend on: the header, and whether rows may carry a status column. */
    record Parsed(TraceHeader header, boolean statusColumn) {
    }

    private final String source;
    private final TraceLines lines;
    private final Map<String, String> values = new LinkedHashMap<>();

    TraceHeaderParser(String source, TraceLines lines) {
        this.source = source;
        this.lines = lines;
    }

    Parsed parse() throws IOException {
        String first = lines.next();
        if (!TraceRules.MAGIC.equals(first)) {
            throw bad("format", first, "the first line is '" + TraceRules.MAGIC + "'");
        }
        String line = lines.next();
        while (line != null && line.startsWith("#")) {
            addKeyValue(line);
            line = lines.next();
        }
        if (line == null) {
            throw new TraceFormatException(source, lines.number() + 1, "column header", "",
                    "the header ends with '" + TraceRules.COLUMNS + "[,status]'", lines.number());
        }
        boolean statusColumn = TraceRules.COLUMNS_WITH_STATUS.equals(line);
        if (!statusColumn && !TraceRules.COLUMNS.equals(line)) {
            throw bad("column header", line, "exactly '" + TraceRules.COLUMNS + "' or '"
                    + TraceRules.COLUMNS_WITH_STATUS + "'");
        }
        for (String key : new String[] {TraceRules.RATE_KEY, TraceRules.GAIN_KEY, TraceRules.STARTED_AT_KEY}) {
            if (!values.containsKey(key)) {
                throw bad(key, "", "'# " + key + "=...' is required before the column header");
            }
        }
        Map<String, String> notes = new LinkedHashMap<>(values);
        TraceRules.RESERVED_KEYS.forEach(notes::remove);
        return new Parsed(new TraceHeader(rate(), gain(), startedAt(), notes), statusColumn);
    }

    private void addKeyValue(String line) {
        int equals = line.indexOf('=');
        if (!line.startsWith("# ") || equals < 0) {
            throw bad("header", line, "header lines read '# key=value'");
        }
        String key = line.substring(2, equals);
        String value = line.substring(equals + 1);
        if (!TraceRules.RESERVED_KEYS.contains(key)) {
            String rule = TraceRules.noteKeyViolation(key);
            if (rule != null) {
                throw bad("header key", key, rule);
            }
        }
        if (values.putIfAbsent(key, value) != null) {
            throw bad(key, value, "each key appears once");
        }
        checkReserved(key, value);
    }

    private void checkReserved(String key, String value) {
        try {
            switch (key) {
                case TraceRules.RATE_KEY -> rateOf(value);
                case TraceRules.GAIN_KEY -> TraceGain.parse(value);
                case TraceRules.STARTED_AT_KEY -> instantOf(value);
                default -> {
                    // a free note: any one-line value
                }
            }
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw bad(key, value, ruleOf(key));
        }
    }

    private static String ruleOf(String key) {
        return switch (key) {
            case TraceRules.RATE_KEY -> "10 or 80 (the HX711 RATE pin, datasheet p.1)";
            case TraceRules.GAIN_KEY -> "one of A_128, B_32, A_64";
            default -> "an RFC 3339 instant in UTC such as 2026-11-22T02:15:00Z";
        };
    }

    private SampleRate rate() {
        return rateOf(values.get(TraceRules.RATE_KEY));
    }

    private TraceGain gain() {
        return TraceGain.parse(values.get(TraceRules.GAIN_KEY));
    }

    private Instant startedAt() {
        return instantOf(values.get(TraceRules.STARTED_AT_KEY));
    }

    private static SampleRate rateOf(String text) {
        for (SampleRate rate : SampleRate.values()) {
            if (String.valueOf(rate.samplesPerSecond()).equals(text)) {
                return rate;
            }
        }
        throw new IllegalArgumentException(text);
    }

    private static Instant instantOf(String text) {
        if (!text.endsWith("Z")) {
            throw new IllegalArgumentException(text);
        }
        return Instant.parse(text);
    }

    private TraceFormatException bad(String column, String value, String rule) {
        long line = Math.max(1, lines.number());
        return new TraceFormatException(source, line, column, value, rule, line - 1);
    }
}
