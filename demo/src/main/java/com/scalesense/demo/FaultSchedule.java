package com.scalesense.demo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * When each injected fault happens, as a fraction of the evening: the broker is down from 25 %
 * to 33 %, the sink crashes on three batches at 45 %, the second scale's agent is killed at 55 %
 * and boots again at 65 %, and delivered batches are sent again at 75 %.
 */
final class FaultSchedule {

    /** One step: at fraction {@code at} of the evening, do {@code what}. */
    record Step(double at, String what, Runnable action) {
    }

    /** The actions the schedule drives. */
    interface Actions {
        void brokerDown();

        void brokerUp();

        void crashSink(int batches);

        void killAgent();

        void restartAgent();

        void resendDelivered(int perScale);
    }

    static final int SINK_CRASHES = 3;
    static final int RESENT_PER_SCALE = 5;

    private final List<Step> pending = new ArrayList<>();

    FaultSchedule(Set<Fault> faults, Actions a) {
        if (faults.contains(Fault.BROKER_OUTAGE)) {
            pending.add(new Step(0.25, "broker stopped", a::brokerDown));
            pending.add(new Step(0.33, "broker restarted", a::brokerUp));
        }
        if (faults.contains(Fault.SINK_CRASH)) {
            pending.add(new Step(0.45, "sink crashes on the next " + SINK_CRASHES + " batches",
                    () -> a.crashSink(SINK_CRASHES)));
        }
        if (faults.contains(Fault.AGENT_KILL)) {
            pending.add(new Step(0.55, "agent killed", a::killAgent));
            pending.add(new Step(0.65, "agent restarted", a::restartAgent));
        }
        if (faults.contains(Fault.DUPLICATES)) {
            pending.add(new Step(0.75, "the last " + RESENT_PER_SCALE + " delivered batches of each scale sent again",
                    () -> a.resendDelivered(RESENT_PER_SCALE)));
        }
        pending.sort(Comparator.comparingDouble(Step::at));
    }

    /** Runs and returns the steps due at {@code fraction} of the evening, each once. */
    List<Step> runDue(double fraction) {
        List<Step> done = new ArrayList<>();
        while (!pending.isEmpty() && pending.get(0).at() <= fraction) {
            Step s = pending.remove(0);
            s.action().run();
            done.add(s);
        }
        return done;
    }

    /** Runs whatever is left (an evening that ended early still restarts what it stopped). */
    List<Step> runRest() {
        return runDue(Double.MAX_VALUE);
    }
}
