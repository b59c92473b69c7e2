package com.scalesense.agent.publish;

import java.time.Duration;
import java.util.Random;

/**
 * Exponential backoff with full jitter: before retry {@code n} (0-based) wait a uniformly random
 * time in {@code [0, min(cap, initial × 2^n)]}. Full jitter keeps a fleet of scales that lost the
 * same broker at the same moment from reconnecting in lock-step (the "thundering herd" that
 * AWS's "Exponential Backoff And Jitter" architecture note measures; full jitter did least work).
 *
 * @param initial the upper bound of the first wait, &gt; 0
 * @param cap     the largest upper bound ever used, &ge; {@code initial}
 */
public record Backoff(Duration initial, Duration cap) {

    /**
     * 1 s → 60 s: a scale retries quickly after a blip and at least once a minute in a long outage
     * (mqtt.reconnect_max). A bar's scale is one client of its broker, not a fleet of thousands
     * behind one NAT; with full jitter a minute keeps the load low and the gap short (issue 14:
     * a 5 min cap left the scale silent for 66 s after the broker was back).
     */
    public static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(60));

    /** The default first wait with {@code cap} as the largest (mqtt.reconnect_max). */
    public static Backoff upTo(Duration cap) {
        return new Backoff(DEFAULT.initial(), cap);
    }

    public Backoff {
        Settings.require("backoff.initial", initial, initial != null && !initial.isNegative() && !initial.isZero(),
                "must be a positive duration");
        Settings.require("backoff.cap", cap, cap != null && cap.compareTo(initial) >= 0,
                "must be at least backoff.initial (" + initial + ")");
    }

    /** The upper bound of the wait before retry {@code attempt}: {@code min(cap, initial × 2^attempt)}. */
    public Duration ceiling(int attempt) {
        long initialMs = initial.toMillis();
        // 2^62 ms overflows any cap long before; stop doubling once past the cap.
        int shift = Math.min(Math.max(attempt, 0), 62);
        long ceiling = initialMs > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : initialMs << shift;
        return Duration.ofMillis(Math.min(ceiling, cap.toMillis()));
    }

    /** A random wait in {@code [0, ceiling(attempt)]}, in whole milliseconds, drawn from {@code random}. */
    public Duration delay(int attempt, Random random) {
        long ceilingMs = ceiling(attempt).toMillis();
        // floorMod of a uniform long is uniform enough here: the bias is ceiling/2^64.
        return Duration.ofMillis(Math.floorMod(random.nextLong(), Math.addExact(ceilingMs, 1)));
    }
}
