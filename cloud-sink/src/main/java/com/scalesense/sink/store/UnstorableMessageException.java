package com.scalesense.sink.store;

import com.scalesense.protocol.Violation;
import com.scalesense.sink.RejectedMessageException;
import java.util.List;

/**
 * DynamoDB can never store this message (a number out of its range or precision, an item over
 * 400 KB): a permanent rejection, never a retry. Found by {@link SinkStore#requireStorable} before
 * the first write; a DynamoDB ValidationException during a write is mapped here as a backstop.
 */
public class UnstorableMessageException extends RejectedMessageException {

    private static final long serialVersionUID = 1L;

    /** Rule code: the value passed the protocol's checks but is outside what DynamoDB stores. */
    public static final String RULE = "store.unstorable";

    public UnstorableMessageException(String what, List<Violation> violations) {
        super(what, RULE, violations);
    }
}
