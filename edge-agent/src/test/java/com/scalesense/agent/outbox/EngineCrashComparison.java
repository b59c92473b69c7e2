package com.scalesense.agent.outbox;

import com.scalesense.agent.store.Quarantine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The evidence behind the outbox engine choice (docs/agent-storage.md): the same SIGKILL rounds
 * as {@link OutboxCrashIT} for a candidate engine, with the outbox reopened and checked after
 * EVERY kill. Prints how many kills left a file that failed to open or broke a printed promise
 * (after such a kill the file and ledger start afresh, so one failure is counted once).
 *
 * <p>Arguments: engine ({@code journal}, {@code sqlite} or {@code mapdb}), kills, seed.
 */
public final class EngineCrashComparison {

    private EngineCrashComparison() {
    }

    public static void main(String[] args) throws Exception {
        String engine = args[0];
        int kills = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        Path dir = Files.createTempDirectory("crash-" + engine);
        Path file = dir.resolve(CrashHarness.fileName(engine));
        CrashHarness harness = new CrashHarness(dir, engine, OutboxConfig.DEFAULT_MAX_BYTES, seed);
        CrashLedger ledger = new CrashLedger();
        int unopenable = 0;
        int broken = 0;
        for (int run = 1; run <= kills; run++) {
            harness.killOnce(run, ledger::record);
            String verdict = check(engine, file, ledger);
            if (!verdict.isEmpty()) {
                System.out.printf("kill %d: %s%n", run, verdict);
                if (verdict.startsWith("moved aside")) {
                    unopenable++;
                } else {
                    broken++;
                }
                new Quarantine(Clock.systemUTC()).moveAside(file, "-wal", "-shm", ".wal.0", ".wal.1", ".compact");
                ledger = new CrashLedger();
            }
        }
        System.out.printf("%s: %d of %d kills left a file that failed to open, %d more broke a promise (seed %d, dir %s)%n",
                engine, unopenable, kills, broken, seed, dir);
    }

    private static String check(String engine, Path file, CrashLedger ledger) {
        try (Outbox box = CrashWriter.open(engine, OutboxConfig.at(file))) {
            if (box.status().corruptFilesMovedAside() > 0) {
                return "moved aside as corrupt at open";
            }
            ledger.check(box);
            return "";
        } catch (AssertionError | RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        }
    }
}
