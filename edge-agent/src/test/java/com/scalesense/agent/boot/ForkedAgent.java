package com.scalesense.agent.boot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The packaged agent ({@code target/scale-agent.jar}) in its own JVM, as systemd would run it. */
final class ForkedAgent {

    private final Process process;

    private ForkedAgent(Process process) {
        this.process = process;
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("basedir", ".")).resolve("target/scale-agent.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: the package phase builds it before integration tests");
        }
        return jar;
    }

    /** Starts {@code --simulate --config conf}, appending its output to {@code log}. */
    static ForkedAgent start(Path conf, double speed, Path log) {
        return start(List.of(), List.of("--simulate", "--speed", Double.toString(speed), "--config", conf.toString(),
                "--log-timestamps"), log);
    }

    /** Starts the jar with these JVM flags (beside the small heap every fork has) and agent arguments. */
    static ForkedAgent start(List<String> jvmFlags, List<String> args, Path log) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xmx96m"));
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", jar().toString()));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        try {
            return new ForkedAgent(pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits up to {@code millis}; true if the agent exited on its own meanwhile (it should not). */
    boolean exitedWithin(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
    }

    /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would end it. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, then waits for the graceful stop; returns the exit status. */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("agent did not stop within 60 s of SIGTERM");
        }
        return process.exitValue();
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }
}
