package com.scalesense.protocol.internal;

import java.util.Locale;

/** Enums on the wire as lower snake_case strings: {@code KEG_ABSENT} ⇄ {@code "keg_absent"}, one spelling each. */
final class WireNames {

    private WireNames() {
    }

    static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }
}
