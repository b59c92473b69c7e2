package com.scalesense.sink.store;

import com.scalesense.sink.SinkException;

/** An item a commit was conditional on changed since it was read; the batch should be re-evaluated. */
public class ConcurrentChangeException extends SinkException {

    private static final long serialVersionUID = 1L;

    public ConcurrentChangeException(String batchId, String reason) {
        super("batch_id " + batchId + " raced another writer: " + reason + ".");
    }
}
