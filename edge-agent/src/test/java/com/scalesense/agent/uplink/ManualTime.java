package com.scalesense.agent.uplink;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** Monotonic and wall time that move only when the test says so. */
final class ManualTime {

    private final AtomicLong nanos = new AtomicLong();
    private final AtomicLong wallMs = new AtomicLong(1_704_067_800_000L);

    long nanos() {
        return nanos.get();
    }

    void advance(Duration step) {
        nanos.addAndGet(step.toNanos());
        wallMs.addAndGet(step.toMillis());
    }

    Clock wallClock() {
        return new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochMilli(wallMs.get());
            }
        };
    }
}
