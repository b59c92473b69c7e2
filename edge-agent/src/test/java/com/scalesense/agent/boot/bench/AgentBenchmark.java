package com.scalesense.agent.boot.bench;

import com.scalesense.agent.sim.AcceptedRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Resource use of the packaged agent ({@code --simulate}, offline) against an idle JVM started
 * with the same flags at the same moment: resident memory (VmRSS from /proc), CPU time, CPU time
 * per simulated hour at 10 SPS, and the time from process start to the first durably accepted
 * reading (baseline: start to main). Not a test; run it as docs/operations.md says:
 *
 * <pre>
 * ./mvnw -B -q -pl edge-agent -am package -DskipTests
 * java -cp edge-agent/target/scale-agent.jar:edge-agent/target/test-classes \
 *     com.scalesense.agent.boot.bench.AgentBenchmark [seconds] [speed]
 * </pre>
 */
public final class AgentBenchmark {

    /** The unit's JVM flags (systemd/scale-agent.service), so the figures are the scale's. */
    static final List<String> UNIT_FLAGS = List.of("-XX:+UseSerialGC", "-Xss512k", "-Xmx96m", "-XX:MaxMetaspaceSize=64m");

    private AgentBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        double speed = args.length > 1 ? Double.parseDouble(args[1]) : 60;
        Path dir = Files.createTempDirectory("agent-bench");
        Path jar = Path.of("edge-agent/target/scale-agent.jar").toAbsolutePath();
        Path conf = dir.resolve("agent.conf");
        Files.writeString(conf, "state.dir = " + dir.resolve("state") + "\nreading.interval = 60s\n"
                + "simulate.accepted_log = " + dir.resolve("accepted.log") + "\nlog.level = warn\n");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");

        List<String> agentCmd = new ArrayList<>(List.of(java.toString()));
        agentCmd.addAll(UNIT_FLAGS);
        agentCmd.addAll(List.of("-jar", jar.toString(), "--simulate", "--speed", Double.toString(speed), "--config",
                conf.toString()));
        List<String> idleCmd = new ArrayList<>(List.of(java.toString()));
        idleCmd.addAll(UNIT_FLAGS);
        idleCmd.addAll(List.of("-cp", System.getProperty("java.class.path"), IdleJvm.class.getName(),
                dir.resolve("idle.up").toString()));

        Measured agent = new Measured(start(agentCmd, dir.resolve("agent.log")), dir.resolve("accepted.log"));
        Measured idle = new Measured(start(idleCmd, dir.resolve("idle.log")), dir.resolve("idle.up"));
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        while (System.nanoTime() < deadline) {
            agent.poll();
            idle.poll();
            Thread.sleep(10); // the sampling period of the first-reading clock: 10 ms resolution
        }
        agent.finish();
        idle.finish();
        double simHours = seconds * speed / 3600.0;
        System.out.printf(Locale.ROOT, "agent benchmark: %d s real at --speed %.0f = %.2f simulated hours at 10 SPS, "
                + "%d readings; baseline = idle JVM, same flags, same run%n", seconds, speed, simHours, agent.lines());
        row("RSS at end, MiB", agent.rssKb / 1024.0, idle.rssKb / 1024.0);
        row("CPU time over the run, s", agent.cpu.toMillis() / 1000.0, idle.cpu.toMillis() / 1000.0);
        row("CPU s per simulated hour", agent.cpu.toMillis() / 1000.0 / simHours, idle.cpu.toMillis() / 1000.0 / simHours);
        row("start to first reading (baseline: to main), s", agent.firstMs / 1000.0, idle.firstMs / 1000.0);
    }

    private static void row(String name, double value, double baseline) {
        System.out.printf(Locale.ROOT, "  %-48s agent %9.2f   baseline %9.2f   ratio %6.2f%n", name, value, baseline,
                value / baseline);
    }

    private static Process start(List<String> cmd, Path log) throws IOException {
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** One forked JVM: when its marker file first had content, then its RSS and CPU at the end. */
    private static final class Measured {
        private final Process process;
        private final Path marker;
        private final long startNanos = System.nanoTime();
        private long firstMs = -1;
        private long rssKb;
        private Duration cpu = Duration.ZERO;

        Measured(Process process, Path marker) {
            this.process = process;
            this.marker = marker;
        }

        void poll() throws IOException {
            if (firstMs < 0 && Files.exists(marker) && Files.size(marker) > 0) {
                firstMs = (System.nanoTime() - startNanos) / 1_000_000;
            }
        }

        void finish() throws IOException, InterruptedException {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rssKb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            cpu = process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
            process.destroy();
            process.waitFor();
        }

        long lines() throws IOException {
            return AcceptedRecord.readAll(marker).stream().filter(r -> !r.event()).count();
        }
    }
}
