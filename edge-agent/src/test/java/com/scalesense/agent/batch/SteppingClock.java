package com.scalesense.agent.batch;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A wall clock and a monotonic clock that tests move by hand; the wall clock can step back. */
final class SteppingClock extends Clock {

    private long wallMs;
    private long monoMs;

    SteppingClock(long wallMs, long monoMs) {
        this.wallMs = wallMs;
        this.monoMs = monoMs;
    }

    /** Time passes: both clocks advance. */
    void advance(long ms) {
        wallMs += ms;
        monoMs += ms;
    }

    /** The wall clock is set (NTP step, date -s); the monotonic clock does not move. */
    void stepWall(long ms) {
        wallMs += ms;
    }

    long monoMs() {
        return monoMs;
    }

    @Override
    public long millis() {
        return wallMs;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(wallMs);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("tests use UTC only");
    }
}
