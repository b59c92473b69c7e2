package com.scalesense.agent.pipeline.keg;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.protocol.TareStatus;

/**
 * The measured weights of one keg (seed 000 KEG#/TARE: empty_offset, full_ref, tared_at,
 * tare_status). A weight not yet measured is null and the keg type's reference stands in for it.
 *
 * @param emptyOffsetKg measured empty keg, kg, or null
 * @param fullRefKg     measured full keg (gross), kg, or null
 * @param taredAtMs     epoch ms of the latest measurement, or null if none
 */
public record Tare(Double emptyOffsetKg, Double fullRefKg, Long taredAtMs) {

    /** A keg just assigned or swapped in: nothing measured yet. */
    public static final Tare PENDING = new Tare(null, null, null);

    public Tare {
        PipelineException.require(emptyOffsetKg == null || (Double.isFinite(emptyOffsetKg) && emptyOffsetKg > 0),
                "empty_offset", emptyOffsetKg, "must be a weight > 0 kg");
        PipelineException.require(fullRefKg == null || (Double.isFinite(fullRefKg) && fullRefKg > 0),
                "full_ref", fullRefKg, "must be a weight > 0 kg");
        PipelineException.require(emptyOffsetKg == null || fullRefKg == null || fullRefKg > emptyOffsetKg,
                "full_ref", fullRefKg, "must be heavier than empty_offset " + emptyOffsetKg);
        PipelineException.require((emptyOffsetKg == null && fullRefKg == null) == (taredAtMs == null),
                "tared_at", taredAtMs, "must be set exactly when a weight was measured");
    }

    /**
     * seed 000 tare_status: COMPLETE when both weights were measured, EMPTY_SET when only the empty one was,
     * FULL_SET when only the full one was (the level then counts down from it, see {@link KegProfile#emptyKg});
     * PENDING when nothing was, and the level is an estimate from the type's reference shell.
     */
    public TareStatus status() {
        if (emptyOffsetKg != null) {
            return fullRefKg != null ? TareStatus.COMPLETE : TareStatus.EMPTY_SET;
        }
        return fullRefKg != null ? TareStatus.FULL_SET : TareStatus.PENDING;
    }

    public Tare withEmpty(double kg, long atMs) {
        return new Tare(kg, fullRefKg, atMs);
    }

    public Tare withFull(double kg, long atMs) {
        return new Tare(emptyOffsetKg, kg, atMs);
    }
}
