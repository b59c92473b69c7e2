package com.scalesense.agent.outbox;

/**
 * A batch whose id and content are fixed: it is published, and republished after any crash or
 * outage, with exactly these bytes.
 *
 * @param batchId the batch_id (protocol {@code BatchId} wire form)
 * @param payload the encoded {@code ReadingsBatch} JSON
 */
public record SealedBatch(String batchId, byte[] payload) {
}
