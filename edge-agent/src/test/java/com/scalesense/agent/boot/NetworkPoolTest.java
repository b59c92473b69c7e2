package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The uplink cancels its safety-net deadline at every step: a cancelled one must not stay queued to wake a thread. */
class NetworkPoolTest {

    @Test
    void a_cancelled_deadline_leaves_the_queue_at_once() {
        ScheduledExecutorService network = ScaleAgent.lane("agent-network");
        try {
            ScheduledFuture<?> deadline = network.schedule(() -> { }, 1, TimeUnit.HOURS);

            deadline.cancel(false);

            assertThat(((ScheduledThreadPoolExecutor) network).getQueue()).isEmpty();
        } finally {
            network.shutdownNow();
        }
    }
}
