package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The batcher's wake-up, on an executor the test runs by hand: no thread, no timing. */
class BatcherWakeTest {

    /** Queues what it is given; the test runs it. */
    private static final class ByHand implements Executor {
        final Deque<Runnable> queued = new ArrayDeque<>();
        boolean refusing;

        @Override
        public void execute(Runnable task) {
            if (refusing) {
                throw new RejectedExecutionException("shut down");
            }
            queued.add(task);
        }

        void runAll() {
            while (!queued.isEmpty()) {
                queued.poll().run();
            }
        }
    }

    private final ByHand scheduler = new ByHand();
    private final AtomicInteger ticks = new AtomicInteger();

    @Test
    void wake_ups_before_the_tick_runs_are_one_tick() {
        BatcherWake wake = new BatcherWake(scheduler, ticks::incrementAndGet);

        wake.run();
        wake.run();
        wake.run();

        assertThat(scheduler.queued).hasSize(1);
        scheduler.runAll();
        assertThat(ticks).hasValue(1);
    }

    @Test
    void a_wake_up_during_a_tick_queues_the_next_so_no_record_waits_for_the_heartbeat() {
        BatcherWake[] wake = new BatcherWake[1];
        // a record arrives while the tick runs: it may be one the tick already looked past
        wake[0] = new BatcherWake(scheduler, () -> {
            if (ticks.incrementAndGet() == 1) {
                wake[0].run();
            }
        });

        wake[0].run();
        scheduler.runAll();

        assertThat(ticks).hasValue(2);
        assertThat(scheduler.queued).isEmpty();
    }

    @Test
    void a_closing_scheduler_refuses_quietly_and_a_later_wake_up_is_not_lost() {
        BatcherWake wake = new BatcherWake(scheduler, ticks::incrementAndGet);
        scheduler.refusing = true;

        assertThatCode(wake::run).doesNotThrowAnyException();

        scheduler.refusing = false;
        wake.run();
        scheduler.runAll();
        assertThat(ticks).hasValue(1);
    }
}
