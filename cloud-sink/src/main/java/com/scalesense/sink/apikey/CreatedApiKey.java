package com.scalesense.sink.apikey;

/**
 * A key just created. {@code rawKey} exists only here: it is not stored and cannot be
 * recovered, so the caller shows it once (seed 001).
 *
 * @param key    the stored view
 * @param rawKey 64 lowercase hex characters (32 random bytes)
 */
public record CreatedApiKey(ApiKey key, String rawKey) {

    /** Keeps the raw key out of logs. */
    @Override
    public String toString() {
        return "CreatedApiKey[key=" + key + ", rawKey=redacted]";
    }
}
