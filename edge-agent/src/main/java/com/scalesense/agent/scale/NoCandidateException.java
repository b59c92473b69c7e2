package com.scalesense.agent.scale;

import com.scalesense.agent.AgentException;

/**
 * A calibration was to be committed before its points were fitted; nothing changed. The control
 * socket answers it with the code {@value #CODE}.
 */
public final class NoCandidateException extends AgentException {

    /** The control socket's error code for it (docs/control-socket.md). */
    public static final String CODE = "no_candidate";

    private static final long serialVersionUID = 1L;

    public NoCandidateException() {
        super("candidate = 'none': fit the points before commit");
    }
}
