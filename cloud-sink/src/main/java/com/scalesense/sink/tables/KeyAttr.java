package com.scalesense.sink.tables;

import java.util.Objects;

/** One key attribute of a table or index: its name and scalar type. */
public record KeyAttr(String name, AttrType type) {

    public KeyAttr {
        Objects.requireNonNull(name, "Key attribute name must not be null.");
        Objects.requireNonNull(type, "Key attribute type must not be null.");
    }

    public static KeyAttr s(String name) {
        return new KeyAttr(name, AttrType.S);
    }

    public static KeyAttr n(String name) {
        return new KeyAttr(name, AttrType.N);
    }
}
