package com.scalesense.agent.pipeline;

/**
 * A keg tare whose weight makes no physical sense for the keg: an empty weight outside the type's
 * shell range, or a full weight that is not an empty keg plus a full keg of beer. Names the weight
 * and the range it had to be in; the tare in use is unchanged.
 */
public final class ImplausibleTareException extends PipelineException {

    private static final long serialVersionUID = 1L;

    public ImplausibleTareException(String field, double kg, String rule) {
        super(field, String.format(java.util.Locale.ROOT, "%.2f kg (%.1f lbs)", kg, Units.kgToLbs(kg)), rule);
    }
}
