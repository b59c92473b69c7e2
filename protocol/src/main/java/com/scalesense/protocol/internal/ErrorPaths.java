package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.util.regex.Pattern;

/**
 * Turns a failure of the JSON text into the JSON path and rule our exceptions carry, so a sender
 * reads {@code readings[3].level_pct: ...} instead of a Java class name.
 */
public final class ErrorPaths {

    /** The root of a message. */
    public static final String ROOT = "$";

    private static final int MAX_RULE = 240;
    private static final Pattern TYPE_NAME = Pattern.compile("`(?:[a-z][a-z0-9_]*\\.)+([A-Za-z0-9_$]+)`");
    /** Jackson suggests features that would relax the reader; a sender cannot act on those. */
    private static final Pattern FEATURE_HINT = Pattern.compile(
            "\\s*[:;(,]\\s*(?:but could|enable|disable|to enable|or enable|or disable)\\b.*$", Pattern.DOTALL);

    private ErrorPaths() {
    }

    /** JSON path of the value where the parser stopped. */
    public static String pathOf(JsonProcessingException e) {
        String path = ROOT;
        if (e instanceof StreamReadException s && s.getProcessor() != null) {
            path = pathOf(s.getProcessor().getParsingContext());
        }
        // Field names come from the sender: up to 32 levels of 256-character names.
        return clip(path);
    }

    /** The broken rule in words, without Java class names or hints to relax the reader. */
    public static String ruleOf(JsonProcessingException e) {
        return rule(String.valueOf(e.getOriginalMessage()));
    }

    /**
     * A path from its segments: field names joined by '.', list indexes ({@link Integer}) as
     * {@code [i]}; {@link #ROOT} when there are none. A name is any text (map keys come from the
     * sender: {@code ""} and {@code "[0]"} are names too), joined as the databind codec joined it.
     */
    static String of(Iterable<?> segments) {
        var sb = new StringBuilder();
        for (Object segment : segments) {
            if (segment instanceof Integer i) {
                sb.append('[').append(i).append(']');
            } else {
                sb.append(sb.length() > 0 ? "." : "").append(segment);
            }
        }
        return sb.length() == 0 ? ROOT : sb.toString();
    }

    /** A rule as a sender reads it: Java class names shortened, hints to relax the reader cut, one line. */
    static String rule(String text) {
        return clip(FEATURE_HINT.matcher(TYPE_NAME.matcher(text).replaceAll("$1")).replaceAll(""));
    }

    private static String pathOf(JsonStreamContext context) {
        var sb = new StringBuilder();
        for (var c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                sb.insert(0, "[" + Math.max(0, c.getCurrentIndex()) + "]");
            } else if (c.getCurrentName() != null) {
                sb.insert(0, (c.getParent() != null && !c.getParent().inRoot() ? "." : "") + c.getCurrentName());
            }
        }
        return sb.length() == 0 ? ROOT : sb.toString();
    }

    static String clip(String text) {
        String oneLine = text.replace('\n', ' ').strip();
        return oneLine.length() <= MAX_RULE ? oneLine : oneLine.substring(0, MAX_RULE) + "…";
    }
}
