package com.scalesense.agent.publish;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * device_ids for tests that share one broker. Each is new in this JVM, so two tests never share a
 * topic, an MQTT client id or a persistent session, and one test's late messages or queued session
 * state cannot reach the next. They match the protocol's device_id rule ({@code Ids.DEVICE_ID}),
 * which topics, registrations and the client id check.
 */
public final class TestDevices {

    /** Starts above SCALE-0042, the fixed id of single-device tests. */
    private static final AtomicInteger LAST = new AtomicInteger(1000);

    private TestDevices() {
    }

    /** {@code SCALE-1001}, {@code SCALE-1002}, ... */
    public static String fresh() {
        return "SCALE-" + LAST.incrementAndGet();
    }
}
