package com.scalesense.agent.uplink;

import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.InvalidSettingException;
import java.time.Duration;

/**
 * How hard the uplink pushes batches to the broker.
 *
 * @param maxInFlight           batches published and not yet acknowledged, 1..100 (uplink.max_in_flight,
 *                              default 10); must not exceed the publisher's mqtt.max_inflight
 * @param maxPublishesPerSecond publishes in any 1 s window, 1..100 (uplink.max_publishes_per_second,
 *                              default 50): AWS IoT Core accepts at most 100 publish requests per second
 *                              per connection (AWS General Reference, "AWS IoT Core endpoints and
 *                              quotas", message broker limits) and the registration shares it
 * @param retry                 backoff after a failed publish before the same batch is tried again
 *                              (default 1 s → 60 s)
 * @param ackTimeout            a publish without PUBACK this long is given up and retried
 *                              (uplink.ack_timeout, default 10 min, beyond the reconnect cap so a
 *                              session that is merely reconnecting can still deliver it)
 * @param pumpInterval          the longest the loop waits without an event before it looks at the outbox
 *                              anyway (default 60 s): a safety net, since a seal, a PUBACK and the loop's
 *                              own deadlines wake it, and in the agent the housekeeping round wakes it
 *                              before each watchdog check (every 10 s, WatchdogSec=30s / 3), which wants a
 *                              step between two checks (issue 18: each wake-up of a quiet machine costs CPU)
 */
public record UplinkSettings(int maxInFlight, int maxPublishesPerSecond, Backoff retry, Duration ackTimeout,
        Duration pumpInterval) {

    /** AWS IoT Core's per-connection publish rate, requests per second (source above). */
    public static final int AWS_IOT_PUBLISHES_PER_SECOND = 100;

    public static final UplinkSettings DEFAULT = new UplinkSettings(10, 50, Backoff.DEFAULT, Duration.ofMinutes(10),
            Duration.ofSeconds(60));

    public UplinkSettings {
        require("uplink.max_in_flight", maxInFlight, maxInFlight >= 1 && maxInFlight <= 100, "must be 1..100");
        require("uplink.max_publishes_per_second", maxPublishesPerSecond,
                maxPublishesPerSecond >= 1 && maxPublishesPerSecond <= AWS_IOT_PUBLISHES_PER_SECOND,
                "must be 1.." + AWS_IOT_PUBLISHES_PER_SECOND + " (AWS IoT Core's limit per connection)");
        require("uplink.retry", retry, retry != null, "must be set");
        require("uplink.ack_timeout", ackTimeout, ackTimeout != null && ackTimeout.toMillis() > 0,
                "must be a positive duration");
        require("uplink.pump_interval", pumpInterval, pumpInterval != null && pumpInterval.toMillis() > 0,
                "must be a positive duration");
    }

    private static void require(String field, Object value, boolean ok, String rule) {
        if (!ok) {
            throw new InvalidSettingException(field, String.valueOf(value), rule);
        }
    }
}
