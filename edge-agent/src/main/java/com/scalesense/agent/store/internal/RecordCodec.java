package com.scalesense.agent.store.internal;

import com.scalesense.agent.store.StoreKey;
import com.scalesense.agent.store.StoreValueException;
import com.scalesense.agent.store.StoreWriteException;
import java.io.IOException;

/**
 * Store records as JSON ({@link RecordJson}); unknown fields are ignored so a newer agent's values
 * still read.
 */
final class RecordCodec {

    <T extends Record> byte[] encode(StoreKey<T> key, Object value) {
        if (!key.type().isInstance(value)) {
            throw new StoreWriteException(key.name(), new IllegalArgumentException("value must be a "
                    + key.type().getSimpleName() + ", was " + (value == null ? "null" : value.getClass().getSimpleName())));
        }
        try {
            return RecordJson.write((Record) value);
        } catch (IOException | RuntimeException e) {
            throw new StoreWriteException(key.name(), e);
        }
    }

    <T extends Record> T decode(StoreKey<T> key, byte[] bytes) {
        try {
            return RecordJson.read(bytes, key.type());
        } catch (IOException | RuntimeException e) {
            throw new StoreValueException(key.name(), key.type(), e);
        }
    }
}
