package com.scalesense.sink;

import com.scalesense.protocol.Violation;
import java.util.List;

/**
 * A well-formed, valid message refused only by a registration an operator can still fix: the
 * device is not registered, it names another tap of its own location (a scale moved between taps),
 * or it names kegs that have no {@code KEG#/META} yet. A batch so refused is held whole in the
 * quarantine and replayed once the registration changes (docs/cloud.md, "Held batches"). A message
 * naming another hardware_id, another location or another location's keg is a plain
 * {@link RejectedMessageException}: no later registration may let it in.
 */
public class FixableRejectionException extends RejectedMessageException {

    private static final long serialVersionUID = 1L;

    public FixableRejectionException(String what, String rule, List<Violation> violations) {
        super(what, rule, violations);
    }
}
