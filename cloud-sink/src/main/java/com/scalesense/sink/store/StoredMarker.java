package com.scalesense.sink.store;

/**
 * A processed_batches item as read back.
 *
 * @param payloadHash SHA-256 hex of the content first committed under this id, or null for markers written without one
 * @param receivedAt  RFC 3339 instant of the first receipt
 */
public record StoredMarker(String batchId, String payloadHash, String receivedAt) {
}
