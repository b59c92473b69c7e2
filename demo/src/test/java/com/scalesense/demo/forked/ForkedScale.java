package com.scalesense.demo.forked;

import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.sim.AcceptedRecord;
import com.scalesense.demo.scale.TapPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The packaged scale agent ({@code edge-agent/target/scale-agent.jar}, built by the reactor's
 * package phase before this module's integration tests) run {@code --simulate} in its own JVM with
 * the unit's JVM flags, as systemd runs it: one tap's identity, its own state directory, config
 * file, log and accepted log. {@link #close} always ends the process (SIGKILL if still alive).
 */
public final class ForkedScale implements AutoCloseable {

    private final TapPlan tap;
    private final Path dir;
    private final Path conf;
    private Process process;

    /**
     * @param speed        simulated seconds per real second
     * @param seed         seed of this scale's keg life
     * @param worldStartMs the real instant the simulated world began (shared by every scale and the cloud)
     */
    public ForkedScale(TapPlan tap, String locId, Path dir, URI broker, double speed, long seed, long worldStartMs) {
        this.tap = tap;
        this.dir = dir;
        this.conf = dir.resolve("agent.conf");
        try {
            Files.createDirectories(dir);
            Files.writeString(conf, String.join("\n",
                    "device.hardware_id = " + tap.hardwareId(),
                    "device.device_id = " + tap.deviceId(),
                    "device.loc_id = " + locId,
                    "device.tap_id = " + tap.tapId(locId),
                    "state.dir = " + dir.resolve("state"),
                    "mqtt.broker_uri = " + broker,
                    // batches of up to 5 simulated minutes, as the demo's scales: not hundreds of tiny ones
                    "batch.max_delay = 5m",
                    // the test checks every outbox is empty after the stop: on a busy machine the
                    // last batches take longer to deliver, so the stop may wait (a hang guard)
                    "shutdown.publish_timeout = 3m",
                    "simulate.speed = " + String.format(Locale.ROOT, "%.1f", speed),
                    "simulate.seed = " + seed,
                    "simulate.world_start = " + worldStartMs,
                    "simulate.accepted_log = " + acceptedLog(),
                    "log.timestamps = true", ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path agentJar() {
        Path jar = Path.of(System.getProperty("basedir", ".")).resolve("../edge-agent/target/scale-agent.jar")
                .normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build the reactor (-pl demo -am) so edge-agent's "
                    + "package phase makes it");
        }
        return jar;
    }

    public TapPlan tap() {
        return tap;
    }

    public Path dir() {
        return dir;
    }

    public Path acceptedLog() {
        return dir.resolve("accepted.log");
    }

    public Path outboxFile() {
        return dir.resolve("state/" + OutboxConfig.FILE_NAME);
    }

    /** Starts a new boot of the agent on the same state directory and config. */
    void start() {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(tap.deviceId() + " is already running");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(List.of(java.toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xss512k", "-Xmx96m", "-jar", agentJar().toString(), "--simulate", "--config", conf.toString()));
        pb.redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("agent.log").toFile()));
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    /** Waits up to {@code millis} real ms; true if the agent exited on its own meanwhile (it should not). */
    boolean exitedWithin(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
    }

    /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer ends it. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(tap.deviceId() + " survived SIGKILL for 30 s");
        }
    }

    /** SIGTERM (systemctl stop), then waits for the graceful stop; returns the exit status. */
    int terminate() throws InterruptedException {
        process.destroy();
        // a hang guard beyond the 3 minutes the stop may spend delivering its outbox
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(tap.deviceId() + " did not stop within 5 min of SIGTERM");
        }
        return process.exitValue();
    }

    /** Every record of the accepted log so far (a line torn by SIGKILL is not one). */
    public List<AcceptedRecord> accepted() {
        return AcceptedRecord.readAll(acceptedLog());
    }

    /** The boots that accepted at least one record, in order. */
    public Set<String> bootIds() {
        Set<String> boots = new LinkedHashSet<>();
        accepted().forEach(r -> boots.add(r.bootId()));
        return boots;
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
