package com.scalesense.agent.scale;

import com.scalesense.agent.AgentException;

/**
 * A keg operation was asked of a scale that has never been calibrated; nothing changed. The
 * control socket answers it with the code {@value #CODE}.
 */
public final class ScaleNotCalibratedException extends AgentException {

    /** The control socket's error code for it (docs/control-socket.md). */
    public static final String CODE = "not_calibrated";

    private static final long serialVersionUID = 1L;

    public ScaleNotCalibratedException() {
        super("calibration = 'none': the scale must be calibrated first (calibrate add, fit, commit)");
    }
}
