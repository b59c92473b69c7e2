package com.scalesense.agent.boot;

/**
 * Decides whether systemd's watchdog may be fed: only if, since the previous check, the sampling
 * thread read samples, the batcher ran, and (with a broker configured) the uplink loop ran. A
 * thread that hangs (a wedged GPIO read, a deadlock, a blocked store) stops its counter, the
 * watchdog starves and systemd restarts the agent. Not thread-safe: one scheduler thread calls it.
 */
public final class HealthCheck {

    /** Progress counters at one moment. */
    public record Progress(long samples, long batcherTicks, long uplinkPumps) {
    }

    private final boolean uplinkExpected;
    private Progress previous;
    private String lastProblem;

    public HealthCheck(boolean uplinkExpected) {
        this.uplinkExpected = uplinkExpected;
    }

    /** True if every expected counter moved since the last call (the first call only records). */
    public boolean healthy(Progress now) {
        Progress before = previous;
        previous = now;
        if (before == null) {
            return true;
        }
        if (now.samples() <= before.samples()) {
            lastProblem = "sampling stalled at " + now.samples() + " samples";
        } else if (now.batcherTicks() <= before.batcherTicks()) {
            lastProblem = "batcher stalled at " + now.batcherTicks() + " ticks";
        } else if (uplinkExpected && now.uplinkPumps() <= before.uplinkPumps()) {
            lastProblem = "uplink loop stalled at " + now.uplinkPumps() + " steps";
        } else {
            lastProblem = null;
            return true;
        }
        return false;
    }

    /** Why the last check failed, or null if it passed. */
    public String lastProblem() {
        return lastProblem;
    }
}
