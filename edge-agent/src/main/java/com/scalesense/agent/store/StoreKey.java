package com.scalesense.agent.store;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A typed slot in the NVS store: the owner of a value declares its key once, e.g.
 * {@code StoreKey.of("calibration", Calibration.class)}, and reads back exactly that type.
 *
 * @param name 1..64 characters of {@code [a-z0-9_.]}
 * @param type a record type; stored as JSON so fields can be added later
 */
public record StoreKey<T extends Record>(String name, Class<T> type) {

    private static final Pattern NAME = Pattern.compile("^[a-z0-9_.]{1,64}$");

    public StoreKey {
        Objects.requireNonNull(type, "type must not be null.");
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("store key name must be 1..64 characters of [a-z0-9_.], was '" + name + "'.");
        }
    }

    public static <T extends Record> StoreKey<T> of(String name, Class<T> type) {
        return new StoreKey<>(name, type);
    }
}
