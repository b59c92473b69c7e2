package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.store.StoreException;
import java.util.Optional;
import java.util.OptionalDouble;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries the keg's settled weight across restarts of the agent through the NVS store, so a keg
 * swapped while the agent was stopped is noticed at start (see
 * {@link MeasurementPipeline#restoreSettledWeight}). Confined to the sampling thread, like the
 * {@link ScaleModel} that owns it.
 *
 * <p>Written rarely, for the SD card: with the keg profile at a swap, and when the settled weight
 * moved by more than {@code swap_rise_kg} from the stored one, never with every reading. A keg
 * only gets lighter by pouring, so the stored weight is at most {@code swap_rise_kg} above the
 * keg's: a restart then never takes the same keg for a new one.
 */
final class StoredSettledWeight {

    private static final Logger LOG = LoggerFactory.getLogger(StoredSettledWeight.class);

    private final double moveKg;
    /** The weight in the store, kg; NaN when none. */
    private double storedKg = Double.NaN;

    /** Reads the stored weight; never fails. {@code moveKg}: a move larger than this is stored again. */
    StoredSettledWeight(ScaleMemory memory, double moveKg) {
        this.moveKg = moveKg;
        Optional<ScaleMemory.SettledWeight> stored;
        try {
            stored = memory.settledWeight();
        } catch (StoreException e) {
            LOG.warn("stored settled keg weight set aside, a keg swapped while stopped goes unnoticed: {}",
                    e.getMessage());
            return;
        }
        if (stored.isEmpty() || !Double.isFinite(stored.get().kg())) {
            LOG.info("no settled keg weight stored (first start or an older agent): "
                    + "a keg swapped while the agent was stopped is not detected at this start");
            return;
        }
        storedKg = stored.get().kg();
    }

    /** The stored weight, kg, NaN when none: for the pipeline before its first sample. */
    double stored() {
        return storedKg;
    }

    /** The settled weight to store now, if it moved by more than the threshold since last stored. */
    OptionalDouble due(MeasurementPipeline pipeline) {
        double kg = pipeline.settledWeightKg();
        boolean moved = !Double.isNaN(kg) && !(Math.abs(kg - storedKg) <= moveKg); // NaN stored: moved
        return moved ? OptionalDouble.of(kg) : OptionalDouble.empty();
    }

    /** {@code kg} is now in the store (NaN: nothing was written). */
    void stored(double kg) {
        if (!Double.isNaN(kg)) {
            storedKg = kg;
        }
    }
}
