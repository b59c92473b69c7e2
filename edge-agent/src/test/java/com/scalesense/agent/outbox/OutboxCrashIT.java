package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.outbox.internal.SqliteOutbox;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writer process with SIGKILL at random moments, restarts it on the same file, and
 * checks that the outbox kept every promise the writer printed. {@code -Dcrash.kills=N} (or the
 * {@code crash-long} profile) runs more rounds; the seed is printed so a failure can be replayed.
 */
class OutboxCrashIT {

    private static final int KILLS = Integer.getInteger("crash.kills", 50);
    private static final long SEED = Long.getLong("crash.seed", 20261122L);
    /** Linux exit status of a process ended by signal 9: 128 + 9. */
    private static final int SIGKILL_STATUS = 137;
    /** Page margin for the on-disk bound: one transaction's pages plus a drop step (4 KiB pages). */
    private static final long PAGE_MARGIN = 8 * 4096;

    @TempDir
    Path dir;

    @Test
    void every_acknowledged_reading_survives_random_sigkills_exactly_once() throws Exception {
        // given
        Path file = dir.resolve("outbox.db");
        CrashLedger ledger = new CrashLedger();
        // when
        killRepeatedly(file, OutboxConfig.DEFAULT_MAX_BYTES, ledger);
        // then
        try (Outbox box = SqliteOutbox.open(OutboxConfig.at(file), Clock.systemUTC())) {
            assertThat(box.status().corruptFilesMovedAside()).isZero();
            assertThat(box.status().droppedEntries()).isZero();
            ledger.check(box);
        }
        assertThat(ledger.acknowledgedCount()).isGreaterThan(KILLS);
    }

    @Test
    void a_full_outbox_drops_only_what_it_counts_and_stays_within_its_bound_across_sigkills() throws Exception {
        // given
        Path file = dir.resolve("outbox.db");
        long bound = OutboxConfig.MIN_MAX_BYTES;
        CrashLedger ledger = new CrashLedger();
        // when
        long largest = killRepeatedly(file, bound, ledger);
        // then
        assertThat(largest).as("largest outbox file seen between kills").isLessThanOrEqualTo(bound + PAGE_MARGIN);
        try (Outbox box = SqliteOutbox.open(new OutboxConfig(file, bound), Clock.systemUTC())) {
            assertThat(box.status().corruptFilesMovedAside()).isZero();
            assertThat(box.status().droppedEntries()).isPositive();
            ledger.check(box);
        }
    }

    /** Runs KILLS rounds; returns the largest size of the main file seen after a kill. */
    private long killRepeatedly(Path file, long maxBytes, CrashLedger ledger) throws Exception {
        Random random = new Random(SEED);
        long largest = 0;
        for (int run = 1; run <= KILLS; run++) {
            int killAfterLines = 1 + random.nextInt(400);
            Process p = start(file, maxBytes, run);
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                int lines = 0;
                while (lines < killAfterLines && (line = out.readLine()) != null) {
                    ledger.record(line);
                    lines++;
                }
                // SIGKILL through the handle: Process.destroyForcibly() would also close our end of
                // the pipe and lose the lines already printed; the exit status proves the signal.
                p.toHandle().destroyForcibly();
                // Lines already in the pipe were printed after their call returned: promises too.
                while ((line = out.readLine()) != null) {
                    ledger.record(line);
                }
            }
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("writer ended within 60 s").isTrue();
            assertThat(p.exitValue()).as("run %d (seed %d) ended by SIGKILL; stderr: %s", run, SEED,
                    stderr(run)).isEqualTo(SIGKILL_STATUS);
            largest = Math.max(largest, Files.size(file));
        }
        System.out.printf("crash test: %d SIGKILLs (seed %d), largest outbox file %d bytes, bound %d%n", KILLS, SEED,
                largest, maxBytes);
        return largest;
    }

    private Process start(Path file, long maxBytes, int run) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), CrashWriter.class.getName(),
                "sqlite", file.toString(), Long.toString(maxBytes), Integer.toString(run));
        return new ProcessBuilder(command).redirectError(dir.resolve("stderr-" + run + ".txt").toFile()).start();
    }

    private String stderr(int run) throws IOException {
        File f = dir.resolve("stderr-" + run + ".txt").toFile();
        return f.exists() ? Files.readString(f.toPath()) : "";
    }
}
