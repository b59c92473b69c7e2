package com.scalesense.sink.apikey;

import java.time.Instant;

/**
 * An API key as an administrator may see it: never the raw key, never its hash.
 *
 * @param keyId       UUID v4
 * @param createdAt   creation instant, second precision (stored RFC 3339, seed 001)
 * @param lastUsedAt  last accepted use, kept to within 5 minutes; null if never used
 * @param active      false once revoked
 * @param description admin's note, may be null
 */
public record ApiKey(String keyId, Instant createdAt, Instant lastUsedAt, boolean active, String description) {
}
