package com.scalesense.agent.publish;

/** Boundary checks shared by the settings records of this package. */
final class Settings {

    /** Values quoted in messages are cut to this many characters, so a hostile value cannot flood a log. */
    private static final int MAX_QUOTED = 64;

    private Settings() {
    }

    /** @throws InvalidSettingException naming {@code field}, the value and {@code rule} unless {@code ok} */
    static void require(String field, Object value, boolean ok, String rule) {
        if (!ok) {
            throw new InvalidSettingException(field, quote(value), rule);
        }
    }

    static String quote(Object value) {
        String s = String.valueOf(value);
        return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "…(" + s.length() + " chars)";
    }
}
