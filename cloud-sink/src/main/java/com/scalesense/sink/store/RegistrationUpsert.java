package com.scalesense.sink.store;

import com.scalesense.protocol.BootRegistration;
import java.time.Instant;

/**
 * A boot registration for seed 001's devices row.
 *
 * @param confirmationId UUID v4 kept only if the row has none yet (set once, seed 001)
 * @param seenAt         when the sink received it (last_seen_at; first_registered_at if new)
 */
public record RegistrationUpsert(BootRegistration registration, String confirmationId, Instant seenAt) {
}
