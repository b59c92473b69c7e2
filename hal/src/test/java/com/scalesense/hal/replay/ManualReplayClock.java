package com.scalesense.hal.replay;

import java.util.ArrayList;
import java.util.List;

/** A replay clock whose sleeps advance its own time at once and are remembered for assertions. */
final class ManualReplayClock implements ReplayClock {

    private long nanos;
    private long wallMillis;
    private final List<Long> sleeps = new ArrayList<>();

    ManualReplayClock(long startNanos, long startWallMillis) {
        this.nanos = startNanos;
        this.wallMillis = startWallMillis;
    }

    @Override
    public long nanoTime() {
        return nanos;
    }

    @Override
    public long wallMillis() {
        return wallMillis;
    }

    @Override
    public void sleepNanos(long duration) {
        if (duration > 0) {
            sleeps.add(duration);
            advance(duration);
        }
    }

    /** Lets time pass as the code under test would not notice, e.g. a slow consumer. */
    void advance(long duration) {
        nanos += duration;
        wallMillis += duration / 1_000_000L;
    }

    List<Long> sleeps() {
        return sleeps;
    }
}
