package com.scalesense.demo;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A failure the demo injects to show recovery. Each is scheduled at a fixed fraction of the
 * simulated evening so a run with the same options fails at the same moments.
 */
public enum Fault {
    /** The MQTT broker stops for a while: scales buffer in their outboxes and catch up after. */
    BROKER_OUTAGE,
    /** The sink throws after writing a batch's readings, before its commit: the IoT Rule redelivers. */
    SINK_CRASH,
    /** One scale's agent dies without a goodbye and boots again from its state directory. */
    AGENT_KILL,
    /** Already delivered batches are published a second time (an at-least-once broker may). */
    DUPLICATES;

    /** The option spelling, e.g. {@code broker-outage}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws InvalidOptionException naming the unknown fault */
    public static Fault of(String wire) {
        for (Fault f : values()) {
            if (f.wire().equals(wire.trim())) {
                return f;
            }
        }
        throw new InvalidOptionException("--faults", wire, "must be one of "
                + Arrays.stream(values()).map(Fault::wire).collect(Collectors.joining(", ")));
    }
}
