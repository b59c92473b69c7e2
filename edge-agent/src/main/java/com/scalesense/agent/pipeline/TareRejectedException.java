package com.scalesense.agent.pipeline;

import com.scalesense.protocol.KegState;

/** A tare was asked for while the weight was not settled; the tare in use is unchanged. */
public final class TareRejectedException extends PipelineException {

    private static final long serialVersionUID = 1L;

    private final KegState state;

    public TareRejectedException(String kind, KegState state) {
        super("tare_" + kind, state, "the scale must be STABLE with a keg on it to tare");
        this.state = state;
    }

    /** The state the scale was in when the tare was refused. */
    public KegState state() {
        return state;
    }
}
