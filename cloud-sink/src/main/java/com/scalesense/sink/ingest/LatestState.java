package com.scalesense.sink.ingest;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Rfc3339;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceTouch;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.TapStateUpdate;
import com.scalesense.sink.store.TareUpdate;
import com.scalesense.sink.store.TelemetrySeen;
import com.scalesense.sink.store.TelemetryUpdate;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Step B of ingestion: the newer-only updates of the "latest" items (tap state, the tap's keg
 * assignment, telemetry, tare records, the devices row). Every update is idempotent and commutes with older input, so it may
 * run before the commit and run again on a redelivery.
 */
final class LatestState {

    /**
     * How stale devices.last_seen_at may get before a batch refreshes it. Each refresh costs 3 write
     * units (the row plus its gsi1 entry moving, seed 001 gsi1sk = last_seen_at; seed 001 throttles
     * api_keys.last_used_at the same way). Presence (the broker's connect and disconnect events)
     * says whether a scale is there; last_seen_at only backs it up for a connected but silent scale,
     * so every other bulk batch (about 95 min apart) refreshing it is enough (issue 18). The
     * offline check's silence bound (5 h) must exceed this + the agent's batch.max_delay (2 h).
     */
    static final Duration LAST_SEEN_REFRESH = Duration.ofHours(2);

    /**
     * How stale TELEMETRY may get (in reading time) before a newer reading rewrites it when nothing
     * an operator acts on changed: seed 000 writes DEVICE#/TELEMETRY every 5 minutes. A changed
     * sensor status or a crossing of the low-battery threshold (the sparse index) is written at
     * once. Read from the TELEMETRY item the context read already holds, so the check costs no read.
     */
    static final Duration TELEMETRY_REFRESH = Duration.ofMinutes(5);

    private final SinkStore store;

    LatestState(SinkStore store) {
        this.store = store;
    }

    /** Keys the batch needs read; the tare keg is the last full tare's (its META gives the beer). */
    static ContextQuery contextQuery(ReadingsBatch b) {
        return new ContextQuery(b.locId(), b.tapId(), b.deviceId(), b.hardwareId(), fullTareKeg(b),
                Authorisation.kegIds(b));
    }

    /** TAP#STATE alone, from the newest synced reading of {@code b} that shows the tap (a state message). */
    void advanceTapState(ReadingsBatch b, IngestContext ctx) {
        newestForTapState(b).ifPresent(r -> advanceTapState(b, ctx, r));
    }

    /**
     * A write the newer-only condition refuses is billed all the same (DynamoDB Developer Guide),
     * so a reading not newer than the stored one, which the context read shows, is not sent: a
     * state message arrives before its batch, whose newest reading may be that very reading.
     */
    private void advanceTapState(ReadingsBatch b, IngestContext ctx, Reading r) {
        if (ctx.tapStateAtMs() == null || r.timestampMs() > ctx.tapStateAtMs()) {
            store.advanceTapState(new TapStateUpdate(b.locId(), b.tapId(), b.deviceId(), b.kegId(), r));
        }
    }

    private static Optional<Reading> newestSynced(ReadingsBatch b) {
        // Unsynced readings are never "latest": their order against synced ones is unknown.
        return b.readings().stream().filter(Reading::clockSynced).max(Comparator.comparingLong(Reading::timestampMs));
    }

    /**
     * The newest synced reading of {@code b} that TAP#STATE shows, leaving out a {@code disturbed} reading without a
     * level: the scale did not know the level for a moment (a load moved while beer was poured; issue 12), which
     * is no news that the tap's last level is gone. Written, it would remove level_pct (an absent attribute means
     * unknown) until the next reading. Left out by what the reading says, not by what is stored, so the tap state
     * stays the newest of a set of readings and any order of delivery leaves the same item.
     */
    static Optional<Reading> newestForTapState(ReadingsBatch b) {
        return b.readings().stream().filter(Reading::clockSynced).filter(r -> !levelUnknownWhileDisturbed(r))
                .max(Comparator.comparingLong(Reading::timestampMs));
    }

    private static boolean levelUnknownWhileDisturbed(Reading r) {
        return r.kegState() == KegState.DISTURBED && r.levelPct() == null;
    }

    void advance(ReadingsBatch b, IngestContext ctx, Instant now) {
        newestForTapState(b).ifPresent(r -> advanceTapState(b, ctx, r));
        newestSynced(b).ifPresent(r -> {
                    boolean low = r.batteryPct() != null && r.batteryPct() < ctx.settings().lowBatteryPct();
                    if (carriesNews(ctx.telemetry(), r, low)) {
                        store.advanceTelemetry(new TelemetryUpdate(b.deviceId(), r, low ? b.locId() : null));
                    }
                });
        Assignments.of(b, ctx).ifPresent(store::changeAssignment);
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

    /**
     * Whether {@code r} should be written to TELEMETRY: there is none yet, it is 5 minutes newer,
     * or a sensor status or the low-battery state changed. An older reading never is (the
     * newer-only condition would refuse it anyway, at the price of a write unit).
     */
    static boolean carriesNews(TelemetrySeen seen, Reading r, boolean low) {
        if (seen == null) {
            return true;
        }
        if (r.timestampMs() < seen.updatedAtMs()) {
            return false;
        }
        Map<String, String> status = new HashMap<>();
        r.sensorStatus().forEach((k, v) -> status.put(k, v == SensorStatus.OK ? "ok" : "error"));
        return r.timestampMs() - seen.updatedAtMs() >= TELEMETRY_REFRESH.toMillis()
                || !status.equals(seen.sensorStatus()) || low != seen.lowBattery();
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
