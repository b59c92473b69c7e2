package com.scalesense.protocol;

/** Keeps hostile input out of logs and error messages at a bounded size. */
final class Truncate {

    /** Values quoted in messages are cut to this many characters. */
    static final int MAX_QUOTED = 64;

    private Truncate() {
    }

    static String forMessage(Object value) {
        String s = String.valueOf(value);
        return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "…(" + s.length() + " chars)";
    }
}
