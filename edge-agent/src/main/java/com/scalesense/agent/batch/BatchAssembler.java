package com.scalesense.agent.batch;

import com.scalesense.agent.clock.SyncPoint;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Timestamps;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Turns planned entries into a batch whose window lies strictly after the boot's last window.
 *
 * <p>Timestamps, in order: (1) a timestamp taken before time sync in this boot is re-stamped
 * from the monotonic clock once a {@link SyncPoint} is known and counts as synchronised;
 * (2) a reading whose timestamp is not after the floor (the previous reading + 1 ms, or the last
 * window end + 1 ms, and never before 2000-01-01, seed 001), or that is not before 2100-01-01
 * (seed 001's upper limit, so only a wrong unsynchronised clock gets there), is moved to the floor
 * and flagged clock_synced=false: the wall clock stepped back, was never set, or was set wrong. Events are moved up to the
 * batch's floor the same way, a pour far enough that its start is not before 2000-01-01 either.
 * Window = [earliest, latest] of the resulting timestamps.
 */
final class BatchAssembler {

    private final String currentBootId;

    BatchAssembler(String currentBootId) {
        this.currentBootId = currentBootId;
    }

    /** The batch and its window end, epoch ms. */
    record Assembled(ReadingsBatch batch, long windowEndMs) {
    }

    Assembled assemble(BatchContext ctx, List<Stamped> items, OptionalLong lastWindowEnd, Optional<SyncPoint> sync) {
        long floor0 = Math.max(Timestamps.MIN_MS, lastWindowEnd.orElse(Long.MIN_VALUE / 2) + 1);
        long floor = floor0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        List<Reading> readings = new ArrayList<>();
        List<DeviceEvent> events = new ArrayList<>();
        for (Stamped s : items) {
            long ts = s.timestampMs();
            boolean synced = s.clockSynced();
            if (!synced && sync.isPresent() && s.takenInBoot(currentBootId)) {
                ts = sync.get().wallAt(s.monoMs());
                synced = true;
            }
            long min = s.isReading() ? floor : Math.max(floor0, Timestamps.MIN_MS + s.leadMs());
            if (ts < min || ts >= Timestamps.END_MS) {
                ts = min;
                synced = false;
            }
            if (s.isReading()) {
                readings.add(s.reading().withTimestamp(ts, synced));
                floor = ts + 1;
            } else {
                events.add(s.event().withTimestamp(ts, synced));
            }
            start = Math.min(start, ts);
            end = Math.max(end, ts);
        }
        String batchId = new BatchId(ctx.hardwareId(), ctx.bootId(), start, end).toString();
        return new Assembled(new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, ctx.hardwareId(), ctx.deviceId(),
                ctx.bootId(), ctx.firmwareVersion(), batchId, ctx.locId(), ctx.tapId(), ctx.kegId(), readings, events),
                end);
    }
}
