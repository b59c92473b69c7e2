package com.scalesense.protocol;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A well-formed message that breaks one or more validation rules. It carries every violation
 * found, not only the first, so a sender can fix them all at once.
 */
public class InvalidMessageException extends ProtocolException {

    private static final long serialVersionUID = 1L;

    /** How many violations the exception message lists; {@link #violations()} has them all. */
    private static final int LISTED = 10;

    private final transient List<Violation> violations;

    public InvalidMessageException(String what, List<Violation> violations) {
        super(describe(what, violations));
        this.violations = List.copyOf(violations);
    }

    /** Every broken rule, in the order of the message's fields; never empty. */
    public List<Violation> violations() {
        return violations;
    }

    private static String describe(String what, List<Violation> violations) {
        String listed = violations.stream().limit(LISTED).map(Violation::toString)
                .collect(Collectors.joining("; "));
        int more = violations.size() - LISTED;
        return what + " rejected, " + violations.size() + " violation(s): " + listed
                + (more > 0 ? "; and " + more + " more" : "");
    }
}
