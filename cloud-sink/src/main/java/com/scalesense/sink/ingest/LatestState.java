package com.scalesense.sink.ingest;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceTouch;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.TapStateUpdate;
import com.scalesense.sink.store.TareUpdate;
import com.scalesense.sink.store.TelemetryUpdate;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;

/**
 * Step B of ingestion: the newer-only updates of the "latest" items (tap state, telemetry, tare
 * records, the devices row). Every update is idempotent and commutes with older input, so it may
 * run before the commit and run again on a redelivery.
 */
final class LatestState {

    /**
     * How stale devices.last_seen_at may get before a batch refreshes it. Each refresh costs 3 write
     * units (the row plus its gsi1 entry moving, seed 001 gsi1sk = last_seen_at); seed 001 throttles
     * api_keys.last_used_at the same way, to 5 minutes. Must stay well below offline_after_secs (900).
     */
    static final Duration LAST_SEEN_REFRESH = Duration.ofMinutes(5);

    private final SinkStore store;

    LatestState(SinkStore store) {
        this.store = store;
    }

    /** Keys the batch needs read; the tare keg is the last full tare's (its META gives the beer). */
    static ContextQuery contextQuery(ReadingsBatch b) {
        return new ContextQuery(b.locId(), b.tapId(), b.deviceId(), b.hardwareId(), fullTareKeg(b),
                Authorisation.kegIds(b));
    }

    void advance(ReadingsBatch b, IngestContext ctx, Instant now) {
        // Unsynced readings are never "latest": their order against synced ones is unknown.
        b.readings().stream().filter(Reading::clockSynced).max(Comparator.comparingLong(Reading::timestampMs))
                .ifPresent(r -> {
                    store.advanceTapState(new TapStateUpdate(b.locId(), b.tapId(), b.deviceId(), b.kegId(), r));
                    boolean low = r.batteryPct() != null && r.batteryPct() < ctx.settings().lowBatteryPct();
                    store.advanceTelemetry(new TelemetryUpdate(b.deviceId(), r, low ? b.locId() : null));
                });
        String tareKeg = fullTareKeg(b);
        for (DeviceEvent e : b.events()) {
            if (e instanceof DeviceEvent.Tare tare && tare.clockSynced()) {
                store.recordTare(new TareUpdate(b.deviceId(), tare, tare.kegId().equals(tareKeg) ? ctx.beerId() : null));
            }
        }
        if (ctx.deviceLastSeen() == null
                || Rfc3339.parseMillis(ctx.deviceLastSeen()) < now.toEpochMilli() - LAST_SEEN_REFRESH.toMillis()) {
            store.touchDevice(new DeviceTouch(b.hardwareId(), b.deviceId(), b.locId(), b.tapId(), b.bootId(),
                    b.firmwareVersion(), now));
        }
    }

    private static String fullTareKeg(ReadingsBatch b) {
        String keg = null;
        for (DeviceEvent e : b.events()) {
            if (e instanceof DeviceEvent.Tare t && "full".equals(t.kind())) {
                keg = t.kegId();
            }
        }
        return keg;
    }
}
