package com.scalesense.sink.ingest;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.alerts.AlertEvaluator;
import com.scalesense.sink.store.AlertCommit;
import com.scalesense.sink.store.ConcurrentChangeException;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceSeen;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.tables.Keys;
import java.time.Clock;
import java.time.Duration;

/**
 * Raises the offline alert of every device the broker reports disconnected for its location's
 * offline_after_secs, and of every device silent for longer than {@code silentAfter} although
 * connected (a wedged agent whose MQTT client still answers pings). Candidates come from two
 * queries, never a scan: the sparse {@code disconnected-index} of {@code DEVICE#/META}
 * (disconnect instant, from the broker's lifecycle events) and seed 001's devices {@code gsi1}
 * ({@code last_seen_at}). A scale's batches may so be far apart (issue 18: periodic readings go in
 * batches of up to 100): presence, not batch traffic, says it is there. A connect or the next
 * batch resolves the alert (ingestion). Idempotent: a device already alerted is left alone, so
 * the schedule may run as often as wanted.
 */
public final class OfflineCheck {

    private final SinkStore store;
    private final Clock clock;
    private final Duration queryAfter;
    private final Duration silentAfter;
    private final int limit;
    private final AlertEvaluator evaluator = new AlertEvaluator();

    /**
     * @param queryAfter  devices disconnected for longer than this are looked at (the smallest offline_after_secs in use)
     * @param silentAfter devices whose last_seen_at is older than this are alerted even while connected; must
     *                    exceed the fleet's longest {@code batch.max_delay} plus the 2 hours
     *                    {@code last_seen_at} may lag (LatestState), or quiet scales raise false alerts
     * @param limit       most devices looked at per query and run, so one run stays bounded in time
     */
    public OfflineCheck(SinkStore store, Clock clock, Duration queryAfter, Duration silentAfter, int limit) {
        this.store = store;
        this.clock = clock;
        this.queryAfter = queryAfter;
        this.silentAfter = silentAfter;
        this.limit = limit;
    }

    /** @return how many offline alerts this run raised */
    public int run() {
        long now = clock.millis();
        int raised = 0;
        for (DeviceSeen d : store.devicesDisconnectedBefore(now - queryAfter.toMillis(), limit)) {
            raised += raise(d, now, false) ? 1 : 0;
        }
        for (DeviceSeen d : store.devicesSeenBefore(Rfc3339.format(now - silentAfter.toMillis()), limit)) {
            raised += raise(d, now, true) ? 1 : 0;
        }
        return raised;
    }

    /** @param silent true when {@code d} is a silent device (already past silentAfter), false when disconnected */
    private boolean raise(DeviceSeen d, long now, boolean silent) {
        if (d.deviceId() == null || d.locId() == null || d.lastSeenAt() == null) {
            return false;
        }
        var ctx = store.context(ContextQuery.device(d.locId(), d.deviceId()));
        long since = Rfc3339.parseMillis(d.lastSeenAt());
        if (!silent && now - since < ctx.settings().offlineAfterSecs() * 1000) {
            return false;
        }
        var changes = evaluator.offline(ctx.alerts(), Keys.deviceEntity(d.deviceId()), now, since);
        if (changes.isEmpty()) {
            return false;
        }
        try {
            store.commitAlerts(new AlertCommit(d.locId(), null, d.deviceId(), ctx.settings().gracePeriodSecs(), changes));
            return true;
        } catch (ConcurrentChangeException e) {
            // A batch from the device changed its alerts meanwhile: it is evidently not offline.
            return false;
        }
    }
}
