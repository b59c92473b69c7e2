package com.scalesense.protocol.internal;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.RecordHeader;
import com.scalesense.protocol.Violation;
import java.util.List;

/**
 * The rules of one reading or event before it joins a batch: its header's, then its own as element
 * 0 of {@code readings} or {@code events} (so a violation names the field as the batch will).
 * The rules of a batch as a whole (batch_id, its window, how many readings) are the batcher's.
 *
 * <p>A time taken before the clock was set ({@code clock_synced} false) may be anything (1970
 * without fake-hwclock): the batcher re-stamps or clamps it, so then the range rule of each of the
 * record's times (timestamp_ms, a pour's start_ms and end_ms) is waived; a pour that starts after
 * it ends is not.
 */
public final class RecordRules {

    private RecordRules() {
    }

    public static List<Violation> check(RecordHeader header, Reading reading) {
        Problems p = header(header, reading.clockSynced());
        ReadingRules.check(List.of(reading), null, p);
        return p.toList();
    }

    public static List<Violation> check(RecordHeader header, DeviceEvent event) {
        Problems p = header(header, event.clockSynced());
        EventRules.check(List.of(event), null, p);
        return p.toList();
    }

    private static Problems header(RecordHeader h, boolean clockSynced) {
        Problems p = new Problems(!clockSynced);
        IdentityRules.check(p, ReadingsBatch.SCHEMA_VERSION, h.hardwareId(), h.deviceId(), h.bootId(),
                h.firmwareVersion(), h.locId(), h.tapId());
        BatchRules.kegId(h.kegId(), p);
        return p;
    }
}
