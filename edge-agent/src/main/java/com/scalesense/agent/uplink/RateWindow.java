package com.scalesense.agent.uplink;

import java.util.ArrayDeque;

/** At most {@code limit} events in any sliding window of {@code windowMs}; time is passed in. Not thread-safe. */
final class RateWindow {

    private final int limit;
    private final long windowMs;
    private final ArrayDeque<Long> recent = new ArrayDeque<>();

    RateWindow(int limit, long windowMs) {
        this.limit = limit;
        this.windowMs = windowMs;
    }

    /** True if one more event at {@code nowMs} stays within the limit; records it if so. */
    boolean tryAcquire(long nowMs) {
        while (!recent.isEmpty() && recent.peekFirst() <= nowMs - windowMs) {
            recent.pollFirst();
        }
        if (recent.size() >= limit) {
            return false;
        }
        recent.addLast(nowMs);
        return true;
    }
}
