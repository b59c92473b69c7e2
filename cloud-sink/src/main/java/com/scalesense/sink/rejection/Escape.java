package com.scalesense.sink.rejection;

/**
 * Makes text from a message safe to log and to show an operator: every control character (C0,
 * DEL, C1), line and paragraph separator and format character (bidi embeddings, overrides and
 * isolates U+202A..U+202E, U+2066..U+2069, marks U+200E/F, zero-width characters, BOM) becomes
 * {@code \\uXXXX}, and a lone surrogate becomes {@code \\uXXXX} too; so a {@code \n} in an id
 * cannot forge a log line and a U+202E cannot reverse what the operator reads (issue 13 class 7).
 * The result is cut to a bounded length, naming the full length.
 */
public final class Escape {

    private Escape() {
    }

    /** Escaped and cut to at most {@code max} characters of the escaped form (then {@code …(N chars)}). */
    public static String text(String s, int max) {
        if (s == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(s.length(), max) + 16);
        int i = 0;
        while (i < s.length() && out.length() < max) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = s.codePointAt(i);
                if (unsafe(cp)) {
                    out.append(String.format("\\u%04X\\u%04X", (int) c, (int) s.charAt(i + 1)));
                } else {
                    out.appendCodePoint(cp);
                }
                i += 2;
                continue;
            }
            if (Character.isSurrogate(c) || unsafe(c)) {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
            i++;
        }
        if (i < s.length()) {
            out.append("…(").append(s.length()).append(" chars)");
        }
        return out.toString();
    }

    private static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.PRIVATE_USE
                || type == Character.UNASSIGNED;
    }
}
