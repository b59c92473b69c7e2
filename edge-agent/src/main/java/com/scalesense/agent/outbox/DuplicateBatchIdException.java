package com.scalesense.agent.outbox;

/** A batch id that is already sealed; sealing it again would publish two contents under one id. */
public final class DuplicateBatchIdException extends OutboxException {

    private static final long serialVersionUID = 1L;
    private final String batchId;

    public DuplicateBatchIdException(String batchId) {
        super("batch_id must be unique in the outbox, '" + batchId + "' is already sealed.");
        this.batchId = batchId;
    }

    public String batchId() {
        return batchId;
    }
}
