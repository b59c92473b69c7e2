package com.scalesense.agent.pipeline.calibration;

/** How far a calibration can be trusted, from the redundancy of its points. */
public enum CalibrationQuality {
    /** Three or more points, all within half the residual limit of the line. */
    VERIFIED,
    /** Three or more points, the worst between half the limit and the limit. */
    MARGINAL,
    /** Two loads only: the line passes through both, so nothing checks it. */
    UNVERIFIED
}
