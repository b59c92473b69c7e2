package com.scalesense.sink.store;

import java.time.Instant;

/**
 * The processed_batches item of an accepted batch; its TTL is {@code receivedAt} + 30 days (seed 001).
 *
 * @param payloadHash SHA-256 hex of the batch content
 */
public record BatchMarker(String batchId, String hardwareId, String payloadHash, int readingCount, Instant receivedAt) {
}
