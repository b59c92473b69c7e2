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
 * Raises the offline alert of every device not heard from for its location's offline_after_secs.
 * Finds candidates with one query of seed 001's devices {@code gsi1} ({@code gsi1sk < cutoff}),
 * never a scan. The next message from the device resolves the alert (in ingestion). Idempotent:
 * a device already alerted is left alone, so the schedule may run as often as wanted.
 */
public final class OfflineCheck {

    private final SinkStore store;
    private final Clock clock;
    private final Duration queryAfter;
    private final int limit;
    private final AlertEvaluator evaluator = new AlertEvaluator();

    /**
     * @param queryAfter devices silent for longer than this are looked at (the smallest offline_after_secs in use)
     * @param limit      most devices looked at per run, so one run stays bounded in time
     */
    public OfflineCheck(SinkStore store, Clock clock, Duration queryAfter, int limit) {
        this.store = store;
        this.clock = clock;
        this.queryAfter = queryAfter;
        this.limit = limit;
    }

    /** @return how many offline alerts this run raised */
    public int run() {
        long now = clock.millis();
        String cutoff = Rfc3339.format(now - queryAfter.toMillis());
        int raised = 0;
        for (DeviceSeen d : store.devicesSeenBefore(cutoff, limit)) {
            if (d.deviceId() == null || d.locId() == null || d.lastSeenAt() == null) {
                continue;
            }
            var ctx = store.context(new ContextQuery(d.locId(), null, d.deviceId(), null, null));
            long lastSeen = Rfc3339.parseMillis(d.lastSeenAt());
            if (now - lastSeen < ctx.settings().offlineAfterSecs() * 1000) {
                continue;
            }
            var changes = evaluator.offline(ctx.alerts(), Keys.deviceEntity(d.deviceId()), now, lastSeen);
            if (changes.isEmpty()) {
                continue;
            }
            try {
                store.commitAlerts(new AlertCommit(d.locId(), null, d.deviceId(), ctx.settings().gracePeriodSecs(), changes));
                raised++;
            } catch (ConcurrentChangeException e) {
                // A batch from the device changed its alerts meanwhile: it is evidently not offline.
            }
        }
        return raised;
    }
}
