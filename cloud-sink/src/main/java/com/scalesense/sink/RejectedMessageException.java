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
    /** Rule code of a message that broke the protocol's validation rules (docs/cloud.md, rejections). */
    public static final String INVALID = "invalid";

    private final transient List<Violation> violations;
    private final String rule;

    public RejectedMessageException(String what, List<Violation> violations) {
        this(what, INVALID, violations);
    }

    /**
     * @param rule short, fixed code of the rule broken (a metric dimension and the quarantine's
     *             {@code rule}): never text from the message
     */
    public RejectedMessageException(String what, String rule, List<Violation> violations) {
        super(what + " rejected [" + rule + "]: " + violations.stream().limit(10).map(Violation::toString)
                .collect(Collectors.joining("; ")));
        this.violations = List.copyOf(violations);
        this.rule = rule;
    }

    /** The short code of the rule broken, e.g. {@code registry.loc_id}; see docs/cloud.md. */
    public String rule() {
        return rule;
    }

    /** Every reason, each naming the field, the value (truncated) and the rule; never empty. */
    public List<Violation> violations() {
        return violations;
    }
}
