package com.scalesense.agent.batch;

import com.scalesense.agent.AgentException;
import com.scalesense.protocol.Violation;
import java.util.List;

/** A reading or event the protocol would reject; it was not stored. Carries every violation. */
public final class InvalidRecordException extends AgentException {

    private static final long serialVersionUID = 1L;
    private final transient List<Violation> violations;

    public InvalidRecordException(String what, List<Violation> violations) {
        super(what + " breaks the protocol: " + violations);
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }
}
