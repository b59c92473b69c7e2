package com.scalesense.agent.clock;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.LongSupplier;

/**
 * A UTC {@link Clock} whose epoch milliseconds come from a supplier, so simulated or scaled
 * time (the agent's {@code --speed}, the demo's evening) can be handed to code that takes a
 * {@code java.time.Clock}. {@code withZone} keeps UTC: every part of Scale Sense works in UTC.
 */
public final class SuppliedClock extends Clock {

    private final LongSupplier epochMillis;

    public SuppliedClock(LongSupplier epochMillis) {
        this.epochMillis = epochMillis;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public long millis() {
        return epochMillis.getAsLong();
    }
}
