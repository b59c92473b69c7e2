package com.scalesense.sink;

import com.scalesense.protocol.Violation;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A message the sink will never accept, however often it is delivered: malformed JSON, a broken
 * validation rule, or a device writing for another. Nothing was written. Not to be retried: the
 * SQS handler drops it to the log (the dead-letter path) instead of returning it to the queue.
 */
public class RejectedMessageException extends SinkException {

    private static final long serialVersionUID = 1L;
    private final transient List<Violation> violations;

    public RejectedMessageException(String what, List<Violation> violations) {
        super(what + " rejected: " + violations.stream().limit(10).map(Violation::toString)
                .collect(Collectors.joining("; ")));
        this.violations = List.copyOf(violations);
    }

    /** Every reason, each naming the field, the value (truncated) and the rule; never empty. */
    public List<Violation> violations() {
        return violations;
    }
}
