package com.scalesense.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

    private final List<String> done = new ArrayList<>();
    private final FaultSchedule.Actions actions = new FaultSchedule.Actions() {
        @Override
        public void brokerDown() {
            done.add("down");
        }

        @Override
        public void brokerUp() {
            done.add("up");
        }

        @Override
        public void crashSink(int batches) {
            done.add("crash " + batches);
        }

        @Override
        public void killAgent() {
            done.add("kill");
        }

        @Override
        public void restartAgent() {
            done.add("restart");
        }

        @Override
        public void resendDelivered(int perScale) {
            done.add("resend " + perScale);
        }
    };

    @Test
    void each_step_runs_once_when_its_fraction_of_the_evening_is_reached_in_order() {
        FaultSchedule schedule = new FaultSchedule(EnumSet.allOf(Fault.class), actions);

        schedule.runDue(0.2);
        assertThat(done).isEmpty();
        schedule.runDue(0.5);
        assertThat(done).containsExactly("down", "up", "crash 3");
        schedule.runDue(0.5);
        assertThat(done).hasSize(3);
        schedule.runDue(1.0);
        assertThat(done).containsExactly("down", "up", "crash 3", "kill", "restart", "resend 5");
    }

    @Test
    void an_evening_that_ends_early_still_brings_back_what_it_stopped() {
        FaultSchedule schedule = new FaultSchedule(EnumSet.of(Fault.BROKER_OUTAGE, Fault.AGENT_KILL), actions);
        schedule.runDue(0.3);

        schedule.runRest();

        assertThat(done).containsExactly("down", "up", "kill", "restart");
    }

    @Test
    void no_faults_means_no_steps() {
        new FaultSchedule(EnumSet.noneOf(Fault.class), actions).runRest();

        assertThat(done).isEmpty();
    }
}
