package com.scalesense.sink;

/**
 * A batch_id already committed arrived with different content: a firmware bug (two windows with
 * one id) that would otherwise silently lose the second batch. Reported, never retried.
 *
 * @see com.scalesense.sink.ingest.PayloadHash
 */
public class BatchIdReusedException extends SinkException {

    private static final long serialVersionUID = 1L;
    private final String batchId;
    private final String storedHash;
    private final String receivedHash;

    public BatchIdReusedException(String batchId, String storedHash, String receivedHash) {
        super("batch_id " + batchId + " was committed with payload_hash " + storedHash
                + " and now arrived with different content (" + receivedHash + ").");
        this.batchId = batchId;
        this.storedHash = storedHash;
        this.receivedHash = receivedHash;
    }

    public String batchId() {
        return batchId;
    }

    public String storedHash() {
        return storedHash;
    }

    public String receivedHash() {
        return receivedHash;
    }
}
