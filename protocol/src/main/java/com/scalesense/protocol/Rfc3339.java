package com.scalesense.protocol;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.regex.Pattern;

/**
 * Seed 001's metadata timestamps: RFC 3339 in UTC to the second, exactly
 * {@code YYYY-MM-DDTHH:MM:SSZ} (e.g. {@code 2024-01-15T10:30:00Z}). One fixed width, so the
 * strings sort lexicographically in time order (seed 001 uses them as GSI sort keys).
 */
public final class Rfc3339 {

    private static final Pattern SHAPE = Pattern.compile("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$");
    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'").withResolverStyle(ResolverStyle.STRICT);

    private Rfc3339() {
    }

    /**
     * Formats epoch milliseconds, truncating to the second.
     *
     * @throws ProtocolException if the instant is outside years 0000..9999
     */
    public static String format(long epochMs) {
        return format(Instant.ofEpochMilli(epochMs));
    }

    /** Formats an instant, truncating to the second (years 0000..9999 only). */
    public static String format(Instant instant) {
        var utc = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        if (utc.getYear() < 0 || utc.getYear() > 9999) {
            throw new ProtocolException("RFC3339 timestamps need a four-digit year, was " + utc.getYear() + ".");
        }
        return FORMAT.format(utc);
    }

    /** True for {@code YYYY-MM-DDTHH:MM:SSZ} naming a real calendar date and time. */
    public static boolean isValid(String text) {
        if (text == null || !SHAPE.matcher(text).matches()) {
            return false;
        }
        try {
            LocalDateTime.parse(text, FORMAT);
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    /**
     * Parses to epoch milliseconds.
     *
     * @throws ProtocolException naming the rule when {@code text} is not of that exact form
     */
    public static long parseMillis(String text) {
        if (!isValid(text)) {
            throw new ProtocolException("timestamp must be RFC3339 UTC YYYY-MM-DDTHH:MM:SSZ, was '"
                    + SafeText.quote(text) + "'.");
        }
        return LocalDateTime.parse(text, FORMAT).toInstant(ZoneOffset.UTC).toEpochMilli();
    }
}
