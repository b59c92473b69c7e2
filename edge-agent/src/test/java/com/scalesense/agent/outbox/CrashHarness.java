package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Starts a {@link CrashWriter} on an outbox file, lets it print a random number of lines
 * (seeded), kills it with SIGKILL and collects every line it printed into a {@link CrashLedger}.
 */
final class CrashHarness {

    /** Linux exit status of a process ended by signal 9: 128 + 9. */
    static final int SIGKILL_STATUS = 137;
    /** Most lines a writer prints before it is killed: a few hundred appends, seals and acks. */
    private static final int MAX_LINES = 400;

    private final Path dir;
    private final String engine;
    private final long maxBytes;
    private final Random random;

    CrashHarness(Path dir, String engine, long maxBytes, long seed) {
        this.dir = dir;
        this.engine = engine;
        this.maxBytes = maxBytes;
        this.random = new Random(seed);
    }

    /** One start-append-kill round on {@code file}; every printed line goes into {@code ledger}. */
    void killOnce(Path file, int run, CrashLedger ledger) throws IOException, InterruptedException {
        int killAfterLines = 1 + random.nextInt(MAX_LINES);
        Path stderr = dir.resolve("stderr-" + run + ".txt");
        Process p = start(file, run, stderr);
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
        assertThat(p.exitValue()).as("run %d ended by SIGKILL; stderr: %s", run, Files.readString(stderr))
                .isEqualTo(SIGKILL_STATUS);
    }

    private Process start(Path file, int run, Path stderr) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), CrashWriter.class.getName(),
                engine, file.toString(), Long.toString(maxBytes), Integer.toString(run));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }
}
