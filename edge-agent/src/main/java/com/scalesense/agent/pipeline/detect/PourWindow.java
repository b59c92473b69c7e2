package com.scalesense.agent.pipeline.detect;

import com.scalesense.agent.pipeline.PipelineException;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A keg's {@link PourRate} window in the form that outlives the agent (NVS key {@code pour.window}):
 * the keg it belongs to and its pours on the wall clock, because the monotonic clock starts again
 * with the agent. Convert only with an offset taken from a clock-synced sample: a wall time read
 * before time sync may be hours or years off.
 *
 * @param kegId keg_id of the keg whose pours these are; null for a swapped-in keg not yet assigned
 * @param pours oldest first, at most {@link PourRate#MAX_POURS}
 */
public record PourWindow(String kegId, List<Pour> pours) {

    /**
     * One pour.
     *
     * @param atMs    when it ended, epoch ms (wall clock)
     * @param gallons US gallons poured, ≥ 0
     */
    public record Pour(long atMs, double gallons) {

        public Pour {
            PipelineException.require(atMs > 0, "at_ms", atMs, "must be an epoch time in ms > 0");
            PipelineException.require(Double.isFinite(gallons) && gallons >= 0, "gallons", gallons,
                    "must be a finite number >= 0");
        }
    }

    public PourWindow {
        PipelineException.require(pours != null, "pours", null, "must be set (empty when nothing was poured)");
        PipelineException.require(pours.size() <= PourRate.MAX_POURS, "pours", pours.size() + " pours",
                "must hold at most " + PourRate.MAX_POURS);
        pours = List.copyOf(pours);
        for (int i = 1; i < pours.size(); i++) {
            PipelineException.require(pours.get(i).atMs() >= pours.get(i - 1).atMs(), "pours[" + i + "].at_ms",
                    pours.get(i).atMs(), "must not be before the pour ahead of it (oldest first)");
        }
    }

    /** No pours yet for keg {@code kegId}. */
    public static PourWindow empty(String kegId) {
        return new PourWindow(kegId, List.of());
    }

    /**
     * The window of {@code pours} (oldest first) for keg {@code kegId}, with {@code wallOffsetMs} =
     * wall ms − monotonic ms of one clock-synced sample.
     */
    public static PourWindow of(String kegId, Collection<PourRate.Pour> pours, long wallOffsetMs) {
        return new PourWindow(kegId,
                pours.stream().map(p -> new Pour(p.monoMs() + wallOffsetMs, p.gallons())).toList());
    }

    /**
     * The pours on the monotonic clock of this start, {@code wallOffsetMs} as in {@link #of}. A pour
     * stamped after {@code nowMonoMs} cannot have happened yet (the clock that stored it ran ahead):
     * it is left out rather than counted for a whole window to come.
     */
    public List<PourRate.Pour> toMonotonic(long wallOffsetMs, long nowMonoMs) {
        return pours.stream().map(p -> new PourRate.Pour(p.atMs() - wallOffsetMs, p.gallons()))
                .filter(p -> p.monoMs() <= nowMonoMs).toList();
    }

    /**
     * Whether a keg's pours stay with it when {@code assignedKegId} is assigned to the keg that had
     * {@code kegIdBefore}: yes when it is named for the first time (a swapped-in keg has no keg_id)
     * or gets its own keg_id again; another keg_id is another keg, whose window starts empty.
     */
    public static boolean keptOnAssign(String kegIdBefore, String assignedKegId) {
        return kegIdBefore == null || kegIdBefore.equals(assignedKegId);
    }

    /** True if these are the pours of keg {@code kegId} (both null: the same unassigned keg). */
    public boolean belongsTo(String otherKegId) {
        return Objects.equals(kegId, otherKegId);
    }

    /** The same pours under the keg's new id: a swapped-in keg was named, its pours stay its own. */
    public PourWindow withKegId(String newKegId) {
        return new PourWindow(newKegId, pours);
    }
}
