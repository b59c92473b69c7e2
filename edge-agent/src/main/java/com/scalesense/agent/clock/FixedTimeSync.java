package com.scalesense.agent.clock;

/** A verdict that never changes: a simulated scale whose clock is right, or one never synchronised. */
public record FixedTimeSync(boolean isSynchronized) implements TimeSync {

    public static final FixedTimeSync SYNCED = new FixedTimeSync(true);
    public static final FixedTimeSync NEVER = new FixedTimeSync(false);
}
