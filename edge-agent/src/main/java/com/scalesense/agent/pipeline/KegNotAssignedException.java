package com.scalesense.agent.pipeline;

/**
 * A keg tare was asked for while no keg is assigned to the tap (none yet, or a keg swap the scale
 * noticed by itself cleared it): the weight would belong to no keg, and the tare event naming
 * none would be refused on the wire. The keg profile is unchanged.
 */
public final class KegNotAssignedException extends PipelineException {

    private static final long serialVersionUID = 1L;

    private final String kind;

    public KegNotAssignedException(String kind) {
        super("keg_id", null, "a keg must be assigned before it is tared " + kind);
        this.kind = kind;
    }

    /** The tare that was refused: {@code empty} or {@code full}. */
    public String kind() {
        return kind;
    }
}
