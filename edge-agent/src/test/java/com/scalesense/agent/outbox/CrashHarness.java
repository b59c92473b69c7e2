package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Starts a writer process (by default {@link CrashWriter} on {@code dir/}{@link #fileName}), lets it
 * print a random number of lines (seeded), kills it with SIGKILL and hands every line it
 * printed to a ledger.
 */
public final class CrashHarness {

    /** {@code -Dcrash.seed} replays a failing run. */
    public static final long SEED = Long.getLong("crash.seed", 20261122L);

    /** Linux exit status of a process ended by signal 9: 128 + 9. */
    static final int SIGKILL_STATUS = 137;
    /** Most lines a writer prints before it is killed: a few hundred appends, seals and acks. */
    private static final int MAX_LINES = 400;

    private final Path dir;
    private final Class<?> writer;
    private final List<String> writerArgs;
    private final Random random;

    CrashHarness(Path dir, String engine, long maxBytes, long seed) {
        this(dir, CrashWriter.class, List.of(engine, dir.resolve(fileName(engine)).toString(), Long.toString(maxBytes)), seed);
    }

    /** A {@link CrashWriter} that never publishes (an outage), so the bound is reached sooner. */
    static CrashHarness inOutage(Path dir, String engine, long maxBytes, long seed) {
        return new CrashHarness(dir, CrashWriter.class, List.of(engine, dir.resolve(fileName(engine)).toString(),
                Long.toString(maxBytes), "outage"), seed);
    }

    /** The store file an engine's writer uses: the journal's own name, or the SQLite outbox's. */
    static String fileName(String engine) {
        return engine.equals("journal") ? OutboxConfig.FILE_NAME : OutboxConfig.LEGACY_FILE_NAME;
    }

    /**
     * @param writer     a main class that prints one line per kept promise
     * @param writerArgs its arguments; the run number is appended
     */
    public CrashHarness(Path dir, Class<?> writer, List<String> writerArgs, long seed) {
        this.dir = dir;
        this.writer = writer;
        this.writerArgs = List.copyOf(writerArgs);
        this.random = new Random(seed);
    }

    /** Kill rounds for a test: {@code -Dcrash.kills} (500 in the crash-long profile) scaled by {@code share}, at least {@code min}. */
    public static int kills(int min, double share) {
        return Math.max(min, (int) (Integer.getInteger("crash.kills", min) * share));
    }

    /** One start-print-kill round; every printed line goes to {@code ledger}. */
    public void killOnce(int run, Consumer<String> ledger) throws IOException, InterruptedException {
        int killAfterLines = 1 + random.nextInt(MAX_LINES);
        Path stderr = dir.resolve("stderr-" + run + ".txt");
        Process p = start(run, stderr);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            int lines = 0;
            while (lines < killAfterLines && (line = out.readLine()) != null) {
                ledger.accept(line);
                lines++;
            }
            // SIGKILL through the handle: Process.destroyForcibly() would also close our end of
            // the pipe and lose the lines already printed; the exit status proves the signal.
            p.toHandle().destroyForcibly();
            // Lines already in the pipe were printed after their call returned: promises too.
            while ((line = out.readLine()) != null) {
                ledger.accept(line);
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("writer ended within 60 s").isTrue();
        assertThat(p.exitValue()).as("run %d ended by SIGKILL; stderr: %s", run, Files.readString(stderr))
                .isEqualTo(SIGKILL_STATUS);
    }

    private Process start(int run, Path stderr) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), writer.getName()));
        command.addAll(writerArgs);
        command.add(Integer.toString(run));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }
}
