package com.scalesense.agent.batch;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.WireCodec;

/** A pending entry decoded, with the means to give it a new timestamp. */
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

    long monoMs() {
        return pending.entry().monoMs();
    }

    /** The boot that took it: its monotonic time means nothing in another boot. */
    boolean takenInBoot(String bootId) {
        return BatchContext.ofGroup(pending.entry().group()).bootId().equals(bootId);
    }

    Reading reading(long ts, boolean synced) {
        Reading r = reading;
        return new Reading(ts, r.levelPct(), r.gallons(), r.weightLbs(), r.pintsLeft(), r.pourRateGph(),
                r.hoursRemaining(), r.batteryV(), r.batteryPct(), r.temperatureC(), r.sensorStatus(), synced,
                r.kegState(), r.tareStatus());
    }

    /** The event moved to {@code ts}; a pour's start and end move with it. */
    DeviceEvent event(long ts, boolean synced) {
        long shift = ts - event.timestampMs();
        if (event instanceof DeviceEvent.Pour p) {
            return new DeviceEvent.Pour(ts, synced, p.startMs() + shift, p.endMs() + shift, p.volumeOz(), p.volumeMl());
        } else if (event instanceof DeviceEvent.KegSwap k) {
            return new DeviceEvent.KegSwap(ts, synced, k.previousKegId(), k.newKegId(), k.weightLbs());
        } else if (event instanceof DeviceEvent.Tare t) {
            return new DeviceEvent.Tare(ts, synced, t.kind(), t.kegId(), t.kegType(), t.emptyOffsetLbs(),
                    t.fullRefLbs(), t.tareStatus());
        }
        DeviceEvent.SensorError s = (DeviceEvent.SensorError) event;
        return new DeviceEvent.SensorError(ts, synced, s.sensor(), s.status(), s.detail());
    }
}
