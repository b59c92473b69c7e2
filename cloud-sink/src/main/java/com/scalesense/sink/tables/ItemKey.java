package com.scalesense.sink.tables;

import java.util.Objects;

/** Primary key of an item in the seed 000 {@code scale-sense} table: attributes {@code PK} and {@code SK}. */
public record ItemKey(String pk, String sk) {

    public static final String PK = "PK";
    public static final String SK = "SK";

    public ItemKey {
        Objects.requireNonNull(pk, "PK must not be null.");
        Objects.requireNonNull(sk, "SK must not be null.");
    }

    @Override
    public String toString() {
        return pk + " / " + sk;
    }
}
