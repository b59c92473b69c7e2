package com.scalesense.agent.scale;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.detect.PourRate;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.store.StoreException;
import com.scalesense.hal.RawSample;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries the keg's pour window (pour_rate_gph, hours_remaining) across restarts of the agent
 * through the NVS store, so a restarted agent reports the rate it had instead of none.
 * Confined to the sampling thread, like the {@link ScaleModel} that owns it.
 *
 * <p>The stored window is read at start and kept only if it belongs to the stored keg. Its wall
 * times are mapped to this start's monotonic time at the first clock-synced sample, since a Pi
 * without RTC may not know the date before; pours seen in the meantime join it then. Until that
 * restore the stored window stands: it is written again only at a keg change (emptied at a swap
 * or another keg_id, relabelled when the keg swapped in is named). After it, the whole window is
 * written whenever it changed, stamped with the wall offset of the latest clock-synced sample.
 */
final class StoredPourWindow {

    private static final Logger LOG = LoggerFactory.getLogger(StoredPourWindow.class);

    /** What was found in the store at start; WARN when a stored window had to be set aside. */
    enum Found {
        /** A window of the stored keg: restored at the first clock-synced sample. */
        USABLE(false),
        /** Nothing stored (first start, or an agent from before the window was kept). */
        MISSING(false),
        /** A window of another keg than the stored keg.profile: not this keg's rate. */
        OTHER_KEG(true),
        /** A value that no longer reads as a pour window. */
        UNREADABLE(true);

        private final boolean warning;

        Found(boolean warning) {
            this.warning = warning;
        }

        boolean warning() {
            return warning;
        }
    }

    private final ScaleMemory memory;
    private final Found found;
    /** The stored window not yet restored (null when none applies); what the store holds until then. */
    private PourWindow carried;
    private boolean synced;
    /** Wall ms − monotonic ms of the latest clock-synced sample. */
    private long wallOffsetMs;
    /** The pipeline's pour change count when the window was last stored; -1: store it at the first chance. */
    private long savedChanges;

    /** Reads the stored window for the keg {@code kegId} stored beside it; never fails. */
    StoredPourWindow(ScaleMemory memory, String kegId) {
        this.memory = memory;
        Optional<PourWindow> stored;
        try {
            stored = memory.pourWindow();
        } catch (StoreException e) {
            LOG.warn("stored pour window set aside, the pour rate starts empty: {}", e.getMessage());
            found = Found.UNREADABLE;
            savedChanges = -1;
            return;
        }
        if (stored.isEmpty()) {
            LOG.info("no pour window stored: the pour rate starts empty");
            found = Found.MISSING;
        } else if (!stored.get().belongsTo(kegId)) {
            LOG.warn("stored pour window belongs to keg {}, not to keg {} on the tap: the pour rate starts empty",
                    stored.get().kegId(), kegId);
            found = Found.OTHER_KEG;
            savedChanges = -1;
        } else {
            carried = stored.get();
            found = Found.USABLE;
        }
    }

    Found found() {
        return found;
    }

    /** Before {@code sample} is fed: notes the wall offset and, at the first clock-synced sample, restores. */
    void beforeSample(MeasurementPipeline pipeline, RawSample sample, Ambient now) {
        if (!now.clockSynced()) {
            return;
        }
        long monoMs = sample.monotonicNanos() / 1_000_000;
        wallOffsetMs = sample.wallMillis() - monoMs;
        if (synced) {
            return;
        }
        synced = true;
        if (carried != null) {
            List<PourRate.Pour> older = carried.toMonotonic(wallOffsetMs, monoMs);
            pipeline.restorePours(Stream.concat(older.stream(), pipeline.pours().stream()).toList());
            LOG.info("pour window of keg {} restored: {} of {} stored pours", carried.kegId(), older.size(),
                    carried.pours().size());
            carried = null;
        }
    }

    /** The window to store now if it changed since last stored and can be stamped; else empty. */
    Optional<PourWindow> changed(MeasurementPipeline pipeline) {
        boolean due = synced && pipeline.pourChanges() != savedChanges;
        return due ? Optional.of(current(pipeline, false)) : Optional.empty();
    }

    /**
     * The window to store with the keg profile at a keg change. Before the restore it is the
     * stored window, {@code keepCarried}: under the keg's new id; else the keg's own, empty.
     */
    PourWindow current(MeasurementPipeline pipeline, boolean keepCarried) {
        String kegId = pipeline.keg().kegId();
        if (synced) {
            return PourWindow.of(kegId, pipeline.pours(), wallOffsetMs);
        }
        return keepCarried && carried != null ? carried.withKegId(kegId) : PourWindow.empty(kegId);
    }

    /** {@code window} is now in the store. */
    void stored(MeasurementPipeline pipeline, PourWindow window) {
        savedChanges = pipeline.pourChanges();
        if (!synced) {
            carried = window.pours().isEmpty() ? null : window;
        }
    }
}
