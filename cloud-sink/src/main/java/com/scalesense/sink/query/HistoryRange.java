package com.scalesense.sink.query;

import com.scalesense.sink.validation.InvalidInputException;
import java.time.Duration;
import java.util.Arrays;

/**
 * The chart ranges the dashboard offers, each with the bin its history is averaged into.
 * Seed 000 has the Lambda pick {@code BIN(time, {bin})} from the range without listing the
 * pairs; ours keep every chart between 60 and 168 points, enough to see a pour, few enough
 * to draw on a phone.
 */
public enum HistoryRange {
    LAST_HOUR("1h", Duration.ofHours(1), Duration.ofMinutes(1)),
    LAST_6_HOURS("6h", Duration.ofHours(6), Duration.ofMinutes(5)),
    LAST_24_HOURS("24h", Duration.ofHours(24), Duration.ofMinutes(15)),
    LAST_7_DAYS("7d", Duration.ofDays(7), Duration.ofHours(1)),
    LAST_30_DAYS("30d", Duration.ofDays(30), Duration.ofHours(6));

    private final String code;
    private final Duration span;
    private final Duration bin;

    HistoryRange(String code, Duration span, Duration bin) {
        this.code = code;
        this.span = span;
        this.bin = bin;
    }

    /** Parses the dashboard's {@code range} parameter, e.g. {@code 24h}. */
    public static HistoryRange parse(String code) {
        return Arrays.stream(values()).filter(r -> r.code.equals(code)).findFirst()
                .orElseThrow(() -> new InvalidInputException("range", code,
                        "must be one of " + Arrays.stream(values()).map(r -> r.code).toList()));
    }

    public String code() {
        return code;
    }

    public Duration span() {
        return span;
    }

    public Duration bin() {
        return bin;
    }
}
