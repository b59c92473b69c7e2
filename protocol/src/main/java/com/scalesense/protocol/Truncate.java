package com.scalesense.protocol;

import java.util.regex.Pattern;

/** Keeps hostile input out of logs and error messages at a bounded size. */
final class Truncate {

    /** Values quoted in messages are cut to this many characters. */
    static final int MAX_QUOTED = 64;

    private static final Pattern ALREADY_CUT = Pattern.compile("…\\(\\d+ chars\\)$");

    private Truncate() {
    }

    /**
     * At most {@link #MAX_QUOTED} characters, then {@code …(N chars)} naming the full length.
     * Idempotent, so a value cut once is not cut again when it is passed on.
     */
    static String forMessage(Object value) {
        String s = String.valueOf(value);
        if (s.length() <= MAX_QUOTED) {
            return s;
        }
        if (s.length() <= MAX_QUOTED + 24 && ALREADY_CUT.matcher(s).find()) {
            return s;
        }
        return s.substring(0, MAX_QUOTED) + "…(" + s.length() + " chars)";
    }
}
