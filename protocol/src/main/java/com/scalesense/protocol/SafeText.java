package com.scalesense.protocol;

import java.util.regex.Pattern;

/**
 * Makes text from a message safe to put in an error message or a log line: bounded in length,
 * and with nothing that could forge or disguise a line. Every reason both ends build
 * ({@link Violation}, {@link MalformedMessageException}, the messages of
 * {@link ProtocolException}s) passes through here, so a value a scale sent reaches a log only
 * as printable text.
 *
 * <p>Escaped as {@code \}{@code uXXXX} (one per UTF-16 unit): C0 controls (U+0000..U+001F,
 * which include CR and LF), DEL (U+007F), C1 controls (U+0080..U+009F), every format
 * character (Unicode category Cf: the bidi embeddings and overrides U+202A..U+202E, the
 * isolates U+2066..U+2069, the marks U+200E/U+200F and U+061C, zero-width characters, U+FEFF,
 * tag characters), the line and paragraph separators U+2028/U+2029, and unpaired surrogates.
 * Escaping is idempotent (its output has none of these), so text escaped once can be passed on
 * and escaped again unchanged. A backslash is kept as it is: the six characters of an escape
 * sent literally cannot break a line either.
 */
public final class SafeText {

    /** Values quoted in messages are cut to this many characters (before escaping). */
    public static final int MAX_QUOTED = 64;
    /** Rules and other reasons that may embed sender text are cut to this many characters. */
    public static final int MAX_LINE = 512;

    private static final Pattern ALREADY_CUT = Pattern.compile("…\\(\\d+ chars\\)$");

    private SafeText() {
    }

    /**
     * A value from a message, for quoting: at most {@link #MAX_QUOTED} characters, then
     * {@code …(N chars)} naming the full length, then escaped. Idempotent, so a value quoted once
     * is not cut or escaped again when it is passed on.
     */
    public static String quote(Object value) {
        String s = String.valueOf(value);
        if (s.length() > MAX_QUOTED && s.length() <= MAX_QUOTED * 6 + 24 && ALREADY_CUT.matcher(s).find()
                && isClean(s)) {
            return s;
        }
        if (s.length() <= MAX_QUOTED) {
            return escape(s);
        }
        return escape(s.substring(0, cutPoint(s, MAX_QUOTED))) + "…(" + s.length() + " chars)";
    }

    /**
     * A reason that may carry sender text (a rule naming a value, a parser's message): escaped,
     * and cut to {@link #MAX_LINE} characters with a trailing {@code …}; applying it twice changes
     * nothing.
     */
    public static String line(String text) {
        if (text == null) {
            return null;
        }
        String escaped = escape(text);
        return escaped.length() <= MAX_LINE ? escaped : escaped.substring(0, cutPoint(escaped, MAX_LINE)) + "…";
    }

    /**
     * Sender text of any length for a log line or an operator's view (a rejection reason, a
     * payload excerpt): escaped, then cut to at most {@code max} characters of the escaped form
     * followed by {@code …(N chars)} naming the full length of {@code text}. Null stays null.
     */
    public static String bounded(String text, int max) {
        if (text == null) {
            return null;
        }
        String escaped = escape(text);
        return escaped.length() <= max ? escaped
                : escaped.substring(0, cutPoint(escaped, max)) + "…(" + text.length() + " chars)";
    }

    /** True when {@code codePoint} must not reach a log as itself; see the class comment. */
    static boolean isUnsafe(int codePoint) {
        if (codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F)) {
            return true;
        }
        int type = Character.getType(codePoint);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE;
    }

    private static String escape(String s) {
        if (isClean(s)) {
            return s;
        }
        var sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            if (isUnsafe(cp)) {
                for (int k = i; k < i + n; k++) {
                    sb.append(String.format("\\u%04x", (int) s.charAt(k)));
                }
            } else {
                sb.append(s, i, i + n);
            }
            i += n;
        }
        return sb.toString();
    }

    /** True when nothing in {@code s} needs escaping (a cheap pre-check: most text is clean). */
    private static boolean isClean(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (isUnsafe(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /** {@code max}, or one less so a surrogate pair is not split. */
    private static int cutPoint(String s, int max) {
        return Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
    }
}
