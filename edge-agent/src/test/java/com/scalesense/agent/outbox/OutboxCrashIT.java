package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writer process with SIGKILL at random moments, restarts it on the same file, and
 * checks that the outbox journal kept every promise the writer printed. {@code -Dcrash.kills=N}
 * (or the {@code crash-long} profile) runs more rounds; {@code -Dcrash.seed} replays a failure.
 */
class OutboxCrashIT {

    private static final int KILLS = CrashHarness.kills(50, 1.0);
    private static final long SEED = CrashHarness.SEED;
    /**
     * Margin for the on-disk bound: a kill may land after a record past the bound was forced and
     * before its compaction; the writer's records are under 300 bytes.
     */
    private static final long RECORD_MARGIN = 4096;

    @TempDir
    Path dir;

    @Test
    void every_acknowledged_reading_survives_random_sigkills_exactly_once() throws Exception {
        // given
        Path file = dir.resolve(OutboxConfig.FILE_NAME);
        CrashLedger ledger = new CrashLedger();
        // when
        killRepeatedly(new CrashHarness(dir, "journal", OutboxConfig.DEFAULT_MAX_BYTES, SEED), file,
                OutboxConfig.DEFAULT_MAX_BYTES, ledger);
        // then
        try (Outbox box = Outboxes.open(OutboxConfig.at(file), Clock.systemUTC())) {
            assertThat(box.status().corruptFilesMovedAside()).isZero();
            assertThat(box.status().droppedEntries()).isZero();
            ledger.check(box);
        }
        assertThat(ledger.acknowledgedCount()).isGreaterThan(KILLS);
    }

    @Test
    void a_full_outbox_drops_only_what_it_counts_and_stays_within_its_bound_across_sigkills() throws Exception {
        // given
        Path file = dir.resolve(OutboxConfig.FILE_NAME);
        long bound = OutboxConfig.MIN_MAX_BYTES;
        CrashLedger ledger = new CrashLedger();
        // when
        long largest = killRepeatedly(CrashHarness.inOutage(dir, "journal", bound, SEED), file, bound, ledger);
        // then
        assertThat(largest).as("largest outbox file seen between kills").isLessThanOrEqualTo(bound + RECORD_MARGIN);
        try (Outbox box = Outboxes.open(new OutboxConfig(file, bound), Clock.systemUTC())) {
            assertThat(box.status().corruptFilesMovedAside()).isZero();
            assertThat(box.status().droppedEntries()).isPositive();
            ledger.check(box);
        }
    }

    /** Runs KILLS rounds; returns the largest size of the main file seen after a kill. */
    private long killRepeatedly(CrashHarness harness, Path file, long maxBytes, CrashLedger ledger) throws Exception {
        long largest = 0;
        for (int run = 1; run <= KILLS; run++) {
            harness.killOnce(run, ledger::record);
            largest = Math.max(largest, Files.size(file));
        }
        System.out.printf("crash test: %d SIGKILLs (seed %d), largest outbox file %d bytes, bound %d%n", KILLS, SEED,
                largest, maxBytes);
        return largest;
    }
}
