package com.scalesense.agent.clock;

import java.time.Clock;
import java.util.Optional;

/**
 * Remembers the first moment {@link TimeSync} reported a synchronised clock during this run.
 * Not thread-safe: owned by the agent's scheduler thread, like the batcher that uses it.
 */
public final class SyncWatch {

    private final TimeSync timeSync;
    private final Clock wall;
    private final MonotonicClock mono;
    private SyncPoint point;

    public SyncWatch(TimeSync timeSync, Clock wall, MonotonicClock mono) {
        this.timeSync = timeSync;
        this.wall = wall;
        this.mono = mono;
    }

    /** The sync point, captured on the first call that finds the clock synchronised. */
    public Optional<SyncPoint> syncPoint() {
        if (point == null && timeSync.isSynchronized()) {
            point = new SyncPoint(wall.millis(), mono.monoMs());
        }
        return Optional.ofNullable(point);
    }

    /** Monotonic milliseconds now. */
    public long monoMs() {
        return mono.monoMs();
    }
}
