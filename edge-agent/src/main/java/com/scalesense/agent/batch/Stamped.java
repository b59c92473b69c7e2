package com.scalesense.agent.batch;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.WireCodec;

/** A pending entry decoded, with what the batcher needs to give it a new timestamp. */
record Stamped(PendingEntry pending, Reading reading, DeviceEvent event) {

    static Stamped decode(PendingEntry p, WireCodec codec) {
        byte[] body = p.entry().body();
        return p.entry().kind() == EntryKind.READING
                ? new Stamped(p, codec.decode(body, Reading.class), null)
                : new Stamped(p, null, codec.decode(body, DeviceEvent.class));
    }

    boolean isReading() {
        return reading != null;
    }

    long timestampMs() {
        return isReading() ? reading.timestampMs() : event.timestampMs();
    }

    boolean clockSynced() {
        return isReading() ? reading.clockSynced() : event.clockSynced();
    }

    /** How far the record's earliest time (a pour's start) lies before its timestamp, ms; 0 if none does. */
    long leadMs() {
        return event instanceof DeviceEvent.Pour p
                ? Math.max(0, p.timestampMs() - Math.min(p.startMs(), p.endMs())) : 0;
    }

    /**
     * An event a batch must not wait for: a keg swap, a tare or a sensor fault (alerts, tare records
     * and the keg's identity are written only from batches). A pour's end is not: its state goes
     * out at once beside the outbox ({@code uplink.StateSender}), its counts ride with the bulk.
     */
    boolean sealsAtOnce() {
        return event != null && !(event instanceof DeviceEvent.Pour);
    }

    long monoMs() {
        return pending.entry().monoMs();
    }

    /** The boot that took it: its monotonic time means nothing in another boot. */
    boolean takenInBoot(String bootId) {
        return BatchContext.ofGroup(pending.entry().group()).bootId().equals(bootId);
    }
}
