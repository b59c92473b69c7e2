package com.scalesense.protocol.internal;

import java.util.Locale;

/**
 * Enums on the wire as lower snake_case strings: {@code KEG_ABSENT} ⇄ {@code "keg_absent"}, one
 * spelling each. The names are made once per enum type, not on every value written or read.
 */
final class WireNames {

    private static final ClassValue<String[]> NAMES = new ClassValue<>() {
        @Override
        protected String[] computeValue(Class<?> type) {
            Object[] constants = type.getEnumConstants();
            String[] names = new String[constants.length];
            for (int i = 0; i < constants.length; i++) {
                names[i] = ((Enum<?>) constants[i]).name().toLowerCase(Locale.ROOT);
            }
            return names;
        }
    };

    private WireNames() {
    }

    static String of(Enum<?> constant) {
        return NAMES.get(constant.getDeclaringClass())[constant.ordinal()];
    }

    /** The wire names of {@code type}'s constants, by ordinal; the caller must not change the array. */
    static String[] of(Class<? extends Enum<?>> type) {
        return NAMES.get(type);
    }
}
