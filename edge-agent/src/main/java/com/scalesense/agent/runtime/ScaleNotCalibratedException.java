package com.scalesense.agent.runtime;

import com.scalesense.control.ControlException;

/** A keg operation was asked of a scale that has never been calibrated; nothing changed. */
public final class ScaleNotCalibratedException extends ControlException {

    private static final long serialVersionUID = 1L;

    public ScaleNotCalibratedException() {
        super("not_calibrated", "calibration = 'none': the scale must be calibrated first (calibrate add, fit, commit)");
    }
}
