package com.scalesense.protocol.internal;

import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Ids;
import com.scalesense.protocol.ProtocolException;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Violation;
import java.util.List;

/** The rules of a {@link ReadingsBatch}: header, batch_id and window, then each reading and event. */
public final class BatchRules {

    /** Most readings in one batch: seed 001's batch size of 1..100. */
    public static final int MAX_READINGS = 100;
    /** Most events in one batch. */
    public static final int MAX_EVENTS = 100;

    private BatchRules() {
    }

    public static List<Violation> check(ReadingsBatch batch) {
        var p = new Problems();
        IdentityRules.check(p, batch.schemaVersion(), batch.hardwareId(), batch.deviceId(), batch.bootId(),
                batch.firmwareVersion(), batch.locId(), batch.tapId());
        kegId(batch.kegId(), p);
        Window window = window(batch, p);
        int readings = batch.readings().size();
        if (readings < 1 || readings > MAX_READINGS) {
            p.add("readings", readings + " readings", "must hold 1.." + MAX_READINGS + " readings (seed 001)");
        }
        ReadingRules.check(batch.readings(), window, p);
        if (batch.events().size() > MAX_EVENTS) {
            p.add("events", batch.events().size() + " events", "must hold at most " + MAX_EVENTS + " events");
        }
        EventRules.check(batch.events(), window, p);
        windowIsTheSpan(batch, window, p);
        return p.toList();
    }

    /** The header's keg_id: null (no keg on the tap) or seed 000's keg id. */
    static void kegId(String kegId, Problems p) {
        if (kegId != null && !Ids.isKegId(kegId)) {
            p.add("keg_id", kegId, KegRules.KEG_ID_RULE);
        }
    }

    /**
     * One batch, one id: the window batch_id names is exactly the span of the batch's own times,
     * [earliest, latest] of every reading's and event's timestamp_ms, as the agent's batcher
     * forms it. A wider window would name the same readings under another id, and they would be
     * stored twice. Checked only when every time is a valid timestamp (a bad one is already
     * reported, and the agent waives those for a clock not yet set).
     */
    private static void windowIsTheSpan(ReadingsBatch batch, Window window, Problems p) {
        if (window == null || batch.readings().isEmpty()) {
            return;
        }
        long[] span = {Long.MAX_VALUE, Long.MIN_VALUE};
        for (Reading r : batch.readings()) {
            if (!widen(span, r.timestampMs())) {
                return;
            }
        }
        for (DeviceEvent e : batch.events()) {
            if (!widen(span, e.timestampMs())) {
                return;
            }
        }
        long first = span[0];
        long last = span[1];
        if (window.startMs() != first || window.endMs() != last) {
            p.add("batch_id", batch.batchId(), "window must be exactly [" + first + ", " + last + "]: the earliest"
                    + " and latest timestamp_ms of this batch's readings and events, so one batch has one id");
        }
    }

    /** Widens {@code span} to hold {@code ts}; false when {@code ts} is no valid timestamp. */
    private static boolean widen(long[] span, long ts) {
        span[0] = Math.min(span[0], ts);
        span[1] = Math.max(span[1], ts);
        return Problems.isTimestamp(ts);
    }

    /** The batch window from batch_id, or null if batch_id is unusable (already reported). */
    private static Window window(ReadingsBatch batch, Problems p) {
        String id = batch.batchId();
        if (!Ids.isSafeAscii(id, BatchId.MAX_LENGTH)) {
            p.add("batch_id", id, "must be 1.." + BatchId.MAX_LENGTH
                    + " characters of [A-Za-z0-9_:-] (seed 001's safe ASCII plus the MAC's ':')");
            return null;
        }
        BatchId parsed;
        try {
            parsed = BatchId.parse(id);
        } catch (ProtocolException e) {
            // BatchId names the broken part: the shape, or a window that ends before it starts.
            p.add("batch_id", id, e.getMessage());
            return null;
        }
        if (!parsed.hardwareId().equals(batch.hardwareId()) || !parsed.bootId().equals(batch.bootId())) {
            p.add("batch_id", id, "must be formed from this batch's hardware_id and boot_id");
        }
        if (!Problems.isTimestamp(parsed.windowStartMs()) || !Problems.isTimestamp(parsed.windowEndMs())) {
            p.add("batch_id", id, "window_start_ms and window_end_ms " + Problems.TIMESTAMP_RULE);
        }
        return new Window(parsed.windowStartMs(), parsed.windowEndMs());
    }

    /** The batch's time window, epoch milliseconds, both ends inclusive. */
    record Window(long startMs, long endMs) {
        boolean contains(long ms) {
            return ms >= startMs && ms <= endMs;
        }

        String rule() {
            return "must lie in the batch window [" + startMs + ", " + endMs + "] named by batch_id";
        }
    }
}
