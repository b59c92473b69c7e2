package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns a Jackson failure into the JSON path and rule our exceptions carry, so a sender reads
 * {@code readings[3].level_pct: ...} instead of a Java class name.
 */
public final class ErrorPaths {

    /** The root of a message. */
    public static final String ROOT = "$";

    private static final int MAX_RULE = 240;
    private static final Pattern MISSING = Pattern.compile("^Missing required creator property '([^']+)'.*", Pattern.DOTALL);
    private static final Pattern TYPE_NAME = Pattern.compile("`(?:[a-z][a-z0-9_]*\\.)+([A-Za-z0-9_$]+)`");
    /** Jackson suggests features that would relax the reader; a sender cannot act on those. */
    private static final Pattern FEATURE_HINT = Pattern.compile(
            "\\s*[:;(,]\\s*(?:but could|enable|disable|to enable|or enable|or disable)\\b.*$", Pattern.DOTALL);

    private ErrorPaths() {
    }

    /** JSON path of the value where reading or writing failed. */
    public static String pathOf(JsonProcessingException e) {
        String path = ROOT;
        JsonParser parser = parserOf(e);
        if (parser != null) {
            path = pathOf(parser.getParsingContext());
        } else if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            path = pathOf(m.getPath());
        }
        var missing = MISSING.matcher(String.valueOf(e.getOriginalMessage()));
        if (missing.matches() && !path.equals(missing.group(1)) && !path.endsWith("." + missing.group(1))) {
            path = join(path, missing.group(1));
        }
        // Field names come from the sender: up to 32 levels of 256-character names.
        return clip(path);
    }

    /** The parser of a failure in the JSON text itself, whose context is the most precise path. */
    private static JsonParser parserOf(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamReadException s && !(t instanceof JsonMappingException)
                    && s.getProcessor() != null) {
                return s.getProcessor();
            }
        }
        return null;
    }

    /** The broken rule in words, without Java class names or hints to relax the reader. */
    public static String ruleOf(JsonProcessingException e) {
        if (MISSING.matcher(String.valueOf(e.getOriginalMessage())).matches()) {
            return "required field is missing";
        }
        if (e instanceof ValueInstantiationException && e.getCause() != null) {
            // A record's constructor refused the values; its message is the rule.
            Throwable cause = e.getCause();
            return clip(cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName());
        }
        String text = TYPE_NAME.matcher(String.valueOf(e.getOriginalMessage())).replaceAll("$1");
        return clip(FEATURE_HINT.matcher(text).replaceAll(""));
    }

    private static String pathOf(List<JsonMappingException.Reference> refs) {
        var sb = new StringBuilder();
        for (var ref : refs) {
            if (ref.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? ROOT : sb.toString();
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

    private static String join(String path, String field) {
        return ROOT.equals(path) ? field : path + "." + field;
    }

    static String clip(String text) {
        String oneLine = text.replace('\n', ' ').strip();
        return oneLine.length() <= MAX_RULE ? oneLine : oneLine.substring(0, MAX_RULE) + "…";
    }
}
