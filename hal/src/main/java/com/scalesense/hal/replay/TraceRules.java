package com.scalesense.hal.replay;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** The rules of trace format v1 (docs/trace-format.md), shared by the reader and the writer. */
final class TraceRules {

    static final String MAGIC = "# scale-sense trace v1";
    static final String COLUMNS = "timestamp_ms,raw_counts";
    static final String COLUMNS_WITH_STATUS = "timestamp_ms,raw_counts,status";
    static final String RATE_KEY = "rate_sps";
    static final String GAIN_KEY = "gain";
    static final String STARTED_AT_KEY = "started_at";
    static final Set<String> RESERVED_KEYS = Set.of(RATE_KEY, GAIN_KEY, STARTED_AT_KEY);

    static final String RULE_COUNTS = "an integer within the HX711's 24-bit range "
            + RawSample.MIN_COUNT + ".." + RawSample.MAX_COUNT;
    static final String RULE_TIMESTAMP = "a non-negative integer of epoch milliseconds";
    static final String RULE_STATUS = "one of ok, saturated, timing_violation, not_ready, disconnected";

    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_]*");

    private TraceRules() {
    }

    static String statusText(SampleStatus status) {
        return status.name().toLowerCase(Locale.ROOT);
    }

    /** @return the status a trace names, or null if the text names none (upper case is not accepted) */
    static SampleStatus parseStatus(String text) {
        for (SampleStatus status : SampleStatus.values()) {
            if (statusText(status).equals(text)) {
                return status;
            }
        }
        return null;
    }

    static boolean countsInRange(long counts) {
        return counts >= RawSample.MIN_COUNT && counts <= RawSample.MAX_COUNT;
    }

    static String timestampOrderRule(long previous) {
        return "strictly increasing: greater than the previous row's " + previous;
    }

    /** @return the rule a note key breaks, or null if it is fine */
    static String noteKeyViolation(String key) {
        if (key == null || !KEY.matcher(key).matches()) {
            return "a key is lower-case letters, digits and '_', starting with a letter";
        }
        if (RESERVED_KEYS.contains(key)) {
            return "rate_sps, gain and started_at are header fields, not notes";
        }
        return null;
    }

    /** @return the rule a note value breaks, or null if it is fine */
    static String noteValueViolation(String value) {
        if (value == null || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            return "a value is one line of text";
        }
        return null;
    }
}
