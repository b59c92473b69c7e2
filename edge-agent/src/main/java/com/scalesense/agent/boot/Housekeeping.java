package com.scalesense.agent.boot;

import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent's one periodic round on its scheduler thread: the batcher's heartbeat tick, the control
 * socket's idle check, the ambient sensors, the health check and the uplink's heartbeat, in that
 * order, every health period (10 s, or a third of systemd's watchdog). Issue 18: on a quiet machine
 * every wake-up of a thread costs about 2 ms of CPU, whatever it does (docs/operations.md); these
 * chores ran on five timers of their own (5, 7.5, 10 and 30 s, and the uplink's 5 s safety net),
 * about 0.55 wake-ups a second, now 0.1.
 *
 * <p>A chore that throws is logged and the round goes on: the executor would cancel a periodic task
 * that throws, and with it the watchdog. Not thread-safe: one scheduler thread runs the rounds.
 */
final class Housekeeping implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(Housekeeping.class);

    /**
     * One piece of work in the round.
     *
     * @param name        for the log when it fails
     * @param everyRounds runs in every n-th round (1: every round)
     */
    record Chore(String name, int everyRounds, Runnable work) {
        Chore {
            Objects.requireNonNull(name, "name must not be null.");
            Objects.requireNonNull(work, "work must not be null.");
            if (everyRounds < 1) {
                throw new IllegalArgumentException("everyRounds must be >= 1, was " + everyRounds + ".");
            }
        }

        static Chore eachRound(String name, Runnable work) {
            return new Chore(name, 1, work);
        }
    }

    private final List<Chore> chores;
    private long rounds;

    /** @param chores run in this order in each round they are due */
    Housekeeping(List<Chore> chores) {
        this.chores = List.copyOf(chores);
    }

    @Override
    public void run() {
        rounds++;
        for (Chore chore : chores) {
            if (rounds % chore.everyRounds() != 0) {
                continue;
            }
            try {
                chore.work().run();
            } catch (RuntimeException e) {
                LOG.error("housekeeping: {} failed", chore.name(), e);
            }
        }
    }

    /** Rounds run so far. */
    long rounds() {
        return rounds;
    }
}
