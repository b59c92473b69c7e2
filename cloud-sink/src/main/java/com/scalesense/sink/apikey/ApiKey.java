package com.scalesense.sink.apikey;

import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

/**
 * An API key as an administrator may see it: never the raw key, never its hash.
 *
 * @param keyId       UUID v4
 * @param createdAt   creation instant, second precision (stored RFC 3339, seed 001)
 * @param lastUsedAt  last accepted use, kept to within 5 minutes; null if never used
 * @param active      false once revoked
 * @param description admin's note, may be null
 * @param locIds      the locations the key may read and change ({@code loc_ids}, a string set added to
 *                    seed 001's item as an optional attribute); empty for a key created before scopes,
 *                    which reaches no location
 */
public record ApiKey(String keyId, Instant createdAt, Instant lastUsedAt, boolean active, String description,
                     Set<String> locIds) {

    public ApiKey {
        locIds = java.util.Collections.unmodifiableSet(new TreeSet<>(locIds));
    }

    /** True when this key is scoped to {@code locId}. */
    public boolean reaches(String locId) {
        return locIds.contains(locId);
    }
}
