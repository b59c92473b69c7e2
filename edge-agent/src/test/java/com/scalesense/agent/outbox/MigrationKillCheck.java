package com.scalesense.agent.outbox;

import com.scalesense.agent.outbox.internal.SqliteOutbox;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
  * Evidence for the migration's crash safety, not a test (its kills land by time): writes an
  * {@code outbox.db} of 20 000 pending entries and 300 sealed batches with the SQLite code, starts
  * {@link OpenOnce} on it (which migrates it), SIGKILLs it 0.15-0.9 s later (seeded), reopens and
  * checks that every legacy entry and batch is there exactly once and {@code outbox.db} is gone.
  * Argument: rounds.
  */
public final class MigrationKillCheck {

    private MigrationKillCheck() {
    }

    private static final int PENDING = 20_000;
    private static final int BATCHES = 300;

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        Random random = new Random(20261127L);
        int passed = 0;
        Map<String, Integer> killedAt = new TreeMap<>();
        for (int r = 0; r < rounds; r++) {
            Path dir = Files.createTempDirectory("migration-kill");
            Path legacy = dir.resolve(OutboxConfig.LEGACY_FILE_NAME);
            writeLegacy(legacy);
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), OpenOnce.class.getName(), dir.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("open-once.log").toFile()).start();
            // Waits up to the drawn time for the process (it does not end that soon by itself), then kills it.
            p.waitFor(150 + random.nextInt(750), TimeUnit.MILLISECONDS);
            p.toHandle().destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            killedAt.merge(stage(dir, legacy), 1, Integer::sum);
            String verdict = check(dir, legacy);
            if (verdict.isEmpty()) {
                passed++;
            } else {
                System.out.printf("round %d: %s (%s)%n", r, verdict, dir);
            }
        }
        System.out.printf("migration kill check: %d rounds, %d passed (seed 20261127); killed %s%n", rounds, passed,
                killedAt);
    }

    /** Where the kill left the files. */
    private static String stage(Path dir, Path legacy) {
        boolean journal = Files.exists(dir.resolve(OutboxConfig.FILE_NAME));
        if (Files.exists(dir.resolve(OutboxConfig.FILE_NAME + ".migrating")) && Files.exists(legacy)) {
            return "while writing the migrated file";
        }
        if (!journal) {
            return "before the journal existed";
        }
        return Files.exists(legacy) ? "with journal and outbox.db both there" : "after outbox.db moved aside";
    }

    private static void writeLegacy(Path legacy) {
        try (SqliteOutbox old = SqliteOutbox.open(OutboxConfig.at(legacy), Clock.systemUTC())) {
            List<OutboxEntry> entries = new ArrayList<>();
            for (int i = 0; i < PENDING + BATCHES; i++) {
                entries.add(new OutboxEntry(EntryKind.READING, "g", i,
                        ("e" + i + ":" + "x".repeat(200)).getBytes(StandardCharsets.UTF_8)));
            }
            old.appendAll(entries);
            for (int b = 0; b < BATCHES; b++) {
                long seq = old.pending(1).get(0).seq();
                old.seal(new SealRequest(new SealedBatch("B" + b, ("p" + b).getBytes(StandardCharsets.UTF_8)), "boot",
                        b + 1, seq, seq, 1));
            }
        }
    }

    /** Empty if every legacy entry and batch is there once and outbox.db is gone; OpenOnce's own "r"/b1 may be too. */
    private static String check(Path dir, Path legacy) {
        try (Outbox box = Outboxes.open(OutboxConfig.at(dir.resolve(OutboxConfig.FILE_NAME)), Clock.systemUTC())) {
            List<PendingEntry> all = box.pending(Integer.MAX_VALUE);
            Set<String> distinct = new HashSet<>();
            all.forEach(e -> distinct.add(new String(e.entry().body(), StandardCharsets.UTF_8).split(":")[0]));
            long legacyPending = distinct.stream().filter(b -> b.startsWith("e")).count();
            List<SealedBatch> batches = box.oldest(Integer.MAX_VALUE);
            long legacyBatches = batches.stream().map(SealedBatch::batchId).distinct()
                    .filter(id -> id.startsWith("B")).count();
            boolean batchIdsUnique = batches.stream().map(SealedBatch::batchId).distinct().count() == batches.size();
            if (legacyPending != PENDING || distinct.size() != all.size() || legacyBatches != BATCHES || !batchIdsUnique
                    || Files.exists(legacy)) {
                return "pending " + all.size() + " (distinct " + distinct.size() + "), batches " + batches.size()
                        + ", outbox.db still there: " + Files.exists(legacy);
            }
            return "";
        }
    }
}
