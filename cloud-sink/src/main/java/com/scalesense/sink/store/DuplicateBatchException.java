package com.scalesense.sink.store;

import com.scalesense.sink.SinkException;

/** The batch's marker already exists: it was committed before. Carries the stored marker. */
public class DuplicateBatchException extends SinkException {

    private static final long serialVersionUID = 1L;
    private final transient StoredMarker existing;

    public DuplicateBatchException(StoredMarker existing) {
        super("batch_id " + existing.batchId() + " was already committed at " + existing.receivedAt() + ".");
        this.existing = existing;
    }

    public StoredMarker existing() {
        return existing;
    }
}
