package com.scalesense.hal.replay;

import com.scalesense.hal.HalException;

/**
 * A trace line breaks a rule of the trace format (docs/trace-format.md). Nothing after the bad
 * line is used; the last good line tells a technician how much of a damaged file is intact.
 */
public final class TraceFormatException extends HalException {

    private static final long serialVersionUID = 1L;
    /** Values longer than this are cut in messages so a binary file does not flood the log. */
    static final int MAX_VALUE_CHARS = 40;

    private final String source;
    private final long lineNumber;
    private final String column;
    private final String value;
    private final String rule;
    private final long lastGoodLine;

    /**
     * @param source       file name or other label of the trace
     * @param lineNumber   1-based line number of the bad line
     * @param column       what was wrong: a column name, a header key, or "line"
     * @param value        the offending text (truncated here)
     * @param rule         the rule it breaks
     * @param lastGoodLine 1-based number of the last line that passed, 0 if none
     */
    public TraceFormatException(String source, long lineNumber, String column, String value, String rule,
                                long lastGoodLine) {
        super(source + " line " + lineNumber + ", " + column + ": '" + truncate(value) + "' breaks rule: "
                + rule + " (last good line: " + (lastGoodLine == 0 ? "none" : lastGoodLine) + ")");
        this.source = source;
        this.lineNumber = lineNumber;
        this.column = column;
        this.value = truncate(value);
        this.rule = rule;
        this.lastGoodLine = lastGoodLine;
    }

    static String truncate(String text) {
        if (text == null) {
            return "";
        }
        return text.length() <= MAX_VALUE_CHARS ? text : text.substring(0, MAX_VALUE_CHARS) + "...";
    }

    public String source() {
        return source;
    }

    public long lineNumber() {
        return lineNumber;
    }

    public String column() {
        return column;
    }

    /** The offending text, cut to 40 characters. */
    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }

    /** The last line that passed every rule; 0 when even the first line is bad. */
    public long lastGoodLine() {
        return lastGoodLine;
    }
}
