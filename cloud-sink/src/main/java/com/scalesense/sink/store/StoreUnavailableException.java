package com.scalesense.sink.store;

import com.scalesense.sink.SinkException;

/** DynamoDB failed or throttled; the delivery should be retried later. Nothing non-idempotent was written. */
public class StoreUnavailableException extends SinkException {

    private static final long serialVersionUID = 1L;

    public StoreUnavailableException(String operation, Throwable cause) {
        super("DynamoDB " + operation + " failed: " + cause.getMessage(), cause);
    }
}
