package com.scalesense.agent.boot.bench;

import com.scalesense.agent.sim.AcceptedRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Resource use of the packaged agent ({@code --simulate}) against an idle JVM started with the
 * same flags at the same moment (and, for CPU, a JVM that only wakes every 100 ms, as a 10 SPS
 * sampler must): resident memory at the end and its peak (VmRSS, VmHWM from
 * /proc), CPU time (total, and in the steady state after the first minute from the threads'
 * on-CPU time in /proc/&lt;pid&gt;/task/*&#47;schedstat, also per thread group), and the time from process start to the first durably accepted
 * reading (baseline: start to main). With {@code --online} it starts a mosquitto broker on a free
 * local port and the agent publishes to it, counting what arrives. Not a test; run it as
 * docs/operations.md says:
 *
 * <pre>
 * ./mvnw -B -q -pl edge-agent -am package -DskipTests
 * java -cp edge-agent/target/scale-agent.jar:edge-agent/target/test-classes \
 *     com.scalesense.agent.boot.bench.AgentBenchmark [seconds] [speed] [--online] [--jar PATH] [--flags "..."] [--no-cds]
 * </pre>
 *
 * {@code --flags} defaults to the JAVA_OPTS of systemd/scale-agent.service, and the agent runs with a
 * class-data archive built first the way {@code scale-agent --dump-cds} builds it at install time
 * (the classes a 20 s offline simulation loads, archived with {@code -Xshare:dump}), passed as the
 * launcher passes it; so the figures are the shipped unit's. {@code --no-cds} runs the agent without the archive.
 */
public final class AgentBenchmark {

    private static final Path UNIT = Path.of("systemd/scale-agent.service");
    /** The steady state starts after the first minute: start-up and JIT are over by then. */
    private static final Duration WARM_UP = Duration.ofSeconds(60);
    /** One conversion every 100 ms at 10 SPS (HX711 datasheet, RATE low): the ticking baseline's period. */
    private static final Duration SAMPLE_PERIOD = Duration.ofMillis(100);
    /** How often the marker files are looked at: the resolution of the first-reading figure. */
    private static final Duration MARKER_CHECK = Duration.ofMillis(10);
    /** How long {@code scale-agent --dump-cds} lets the agent run before SIGTERM (packaging/src/deb/bin/scale-agent). */
    private static final Duration CDS_DUMP_RUN = Duration.ofSeconds(20);

    private AgentBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<String> positional = new ArrayList<>();
        boolean online = false;
        boolean cds = true;
        Path jar = Path.of("edge-agent/target/scale-agent.jar").toAbsolutePath();
        List<String> flags = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--online" -> online = true;
                case "--no-cds" -> cds = false;
                case "--jar" -> jar = Path.of(args[++i]).toAbsolutePath();
                case "--flags" -> flags = Arrays.asList(args[++i].trim().split("\\s+"));
                default -> positional.add(args[i]);
            }
        }
        if (flags == null) {
            flags = unitFlags();
        }
        int seconds = positional.size() > 0 ? Integer.parseInt(positional.get(0)) : 60;
        double speed = positional.size() > 1 ? Double.parseDouble(positional.get(1)) : 60;
        Path dir = Files.createTempDirectory("agent-bench");
        Path conf = dir.resolve("agent.conf");
        Process broker = null;
        Process subscriber = null;
        String brokerLine = "";
        if (online) {
            int port = freePort();
            broker = start(List.of("mosquitto", "-p", Integer.toString(port)), dir.resolve("mosquitto.log"));
            subscriber = startSubscriber(port, dir);
            brokerLine = "mqtt.broker_uri = tcp://127.0.0.1:" + port + "\n";
        }
        Files.writeString(conf, "state.dir = " + dir.resolve("state") + "\nreading.interval = 60s\n" + brokerLine
                + "simulate.accepted_log = " + dir.resolve("accepted.log") + "\nlog.level = warn\n");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        boolean given = flags.stream().anyMatch(f -> f.startsWith("-XX:SharedArchiveFile="));
        Path archive = cds && !given ? dumpArchive(java, flags, jar, dir) : null;

        List<String> agentCmd = new ArrayList<>(List.of(java.toString()));
        agentCmd.addAll(flags);
        if (archive != null) {
            // as the launcher adds it when /var/cache/scale-sense/scale-agent.jsa is there
            agentCmd.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
        }
        agentCmd.addAll(List.of("-jar", jar.toString(), "--simulate", "--speed", Double.toString(speed), "--config",
                conf.toString()));
        List<String> idleCmd = new ArrayList<>(List.of(java.toString()));
        // The agent's class-data archive is made for the agent's jar: the idle JVM would map it and
        // then refuse it (about 20 MB more RSS than the same JVM without it), so it runs without.
        idleCmd.addAll(flags.stream().filter(f -> !f.startsWith("-XX:SharedArchiveFile=")).toList());
        idleCmd.addAll(List.of("-cp", System.getProperty("java.class.path"), IdleJvm.class.getName(),
                dir.resolve("idle.up").toString()));
        List<String> tickingCmd = new ArrayList<>(idleCmd.subList(0, idleCmd.size() - 1));
        tickingCmd.addAll(List.of(dir.resolve("ticking.up").toString(), Long.toString(SAMPLE_PERIOD.toMillis())));

        // A benchmark measures real time: this is its one clock, read only for the figures it prints.
        LongSupplier clock = System::nanoTime;
        Measured agent = new Measured(start(agentCmd, dir.resolve("agent.log")), dir.resolve("accepted.log"), clock);
        Measured idle = new Measured(start(idleCmd, dir.resolve("idle.log")), dir.resolve("idle.up"), clock);
        Measured ticking = new Measured(start(tickingCmd, dir.resolve("ticking.log")), dir.resolve("ticking.up"), clock);
        String loadAtStart = loadAverage();
        long begin = clock.getAsLong();
        Duration run = Duration.ofSeconds(seconds);
        Duration warmUp = WARM_UP.compareTo(run.dividedBy(2)) < 0 ? WARM_UP : run.dividedBy(2);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch over = new CountDownLatch(1);
        timer.scheduleAtFixedRate(() -> {
            agent.poll();
            idle.poll();
            ticking.poll();
        }, 0, MARKER_CHECK.toMillis(), TimeUnit.MILLISECONDS);
        timer.schedule(() -> {
            agent.markWarm();
            idle.markWarm();
            ticking.markWarm();
        }, warmUp.toMillis(), TimeUnit.MILLISECONDS);
        timer.schedule(over::countDown, run.toMillis(), TimeUnit.MILLISECONDS);
        over.await();
        timer.shutdownNow();
        timer.awaitTermination(10, TimeUnit.SECONDS);
        double steadySeconds = (clock.getAsLong() - agent.warmAtNanos) / 1e9;
        String loadAtEnd = loadAverage();
        agent.finish();
        idle.finish();
        ticking.finish();
        Map<String, Long> messages = Map.of();
        if (online) {
            subscriber.destroy();
            subscriber.waitFor();
            broker.destroy();
            broker.waitFor();
            messages = countTopics(dir.resolve("messages.log"));
        }
        double simHours = seconds * speed / 3600.0;
        System.out.printf(Locale.ROOT, "agent benchmark: %d s real at --speed %.0f = %.2f simulated hours at 10 SPS, "
                        + "%d readings, %s; baseline = idle JVM, same flags, same run%n  jar %s%n  flags %s%n"
                        + "  class-data archive %s%n", seconds,
                speed, simHours, agent.lines(), online ? "online (mosquitto), messages by topic " + messages : "offline",
                jar, String.join(" ", flags), archive == null ? (given ? "as in the flags" : "none (--no-cds)")
                        : archive + " (" + Files.size(archive) + " bytes, built as scale-agent --dump-cds; the idle JVM "
                                + "runs on the JDK's default archive)");
        row("RSS at end, MiB", agent.rssKb / 1024.0, idle.rssKb / 1024.0);
        row("RSS peak (VmHWM), MiB", agent.hwmKb / 1024.0, idle.hwmKb / 1024.0);
        row("CPU time over the run, s", agent.cpuSeconds, idle.cpuSeconds);
        row("CPU % of a core, steady (after warm-up)", agent.steadyOnCpuPct(steadySeconds),
                idle.steadyOnCpuPct(steadySeconds));
        row("  same, a JVM waking at 10 Hz as baseline", agent.steadyOnCpuPct(steadySeconds),
                ticking.steadyOnCpuPct(steadySeconds));
        row("CPU s per simulated hour", agent.cpuSeconds / simHours, idle.cpuSeconds / simHours);
        row("start to first reading (baseline: to main), s", agent.firstMs / 1000.0, idle.firstMs / 1000.0);
        System.out.printf(Locale.ROOT, "  load average (1, 5, 15 min) at start %s, at end %s%n", loadAtStart, loadAtEnd);
        System.out.printf(Locale.ROOT, "  agent on-CPU time by thread group, s (schedstat; live threads at the end; "
                + "steady = after %.0f s)%n", (agent.warmAtNanos - begin) / 1e9);
        agent.threadsAtEnd.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(e -> System.out.printf(Locale.ROOT, "    %-20s total %7.2f   steady %7.2f%n", e.getKey(),
                        e.getValue(), e.getValue() - agent.threadsAtWarm.getOrDefault(e.getKey(), 0.0)));
    }

    /**
     * The class-data archive as {@code scale-agent --dump-cds} makes it at install time: the agent
     * simulates in a scratch state directory for 20 s with the same flags and
     * {@code -XX:DumpLoadedClassList}, online against its in-process stand-in broker
     * ({@code --cds-training}), then SIGTERM; then {@code -Xshare:dump} archives exactly the listed
     * classes for the jar's class path.
     */
    private static Path dumpArchive(Path java, List<String> flags, Path jar, Path dir) throws Exception {
        Path scratch = Files.createDirectories(dir.resolve("cds"));
        Path conf = scratch.resolve("agent.conf");
        Files.writeString(conf, "state.dir = " + scratch.resolve("state") + "\ncontrol.socket = "
                + scratch.resolve("control.sock") + "\nlog.level = warn\n");
        Path classes = scratch.resolve("classes");
        Path archive = dir.resolve("agent.jsa");
        List<String> list = new ArrayList<>(List.of(java.toString()));
        list.addAll(flags);
        list.addAll(List.of("-XX:DumpLoadedClassList=" + classes, "-jar", jar.toString(), "--simulate", "--cds-training",
                "--config", conf.toString()));
        Process run = start(list, scratch.resolve("list.log"));
        if (run.waitFor(CDS_DUMP_RUN.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException("the agent stopped before 20 s; see " + scratch.resolve("list.log"));
        }
        run.destroy(); // SIGTERM, as `timeout -s TERM 20` in the launcher
        run.waitFor();
        List<String> dump = new ArrayList<>(List.of(java.toString()));
        dump.addAll(flags);
        dump.addAll(List.of("-Xshare:dump", "-XX:SharedClassListFile=" + classes, "-XX:SharedArchiveFile=" + archive,
                "-cp", jar.toString()));
        int status = start(dump, scratch.resolve("dump.log")).waitFor();
        if (status != 0 || !Files.exists(archive) || Files.size(archive) == 0) {
            throw new IllegalStateException("no class-data archive was written; see " + scratch.resolve("dump.log"));
        }
        return archive;
    }

    /** JAVA_OPTS of the shipped unit: {@code Environment="JAVA_OPTS=..."}. */
    private static List<String> unitFlags() throws IOException {
        for (String line : Files.readAllLines(UNIT)) {
            if (line.startsWith("Environment=\"JAVA_OPTS=")) {
                String opts = line.substring("Environment=\"JAVA_OPTS=".length(), line.length() - 1);
                return Arrays.asList(opts.trim().split("\\s+"));
            }
        }
        throw new IllegalStateException(UNIT + " has no Environment=\"JAVA_OPTS=...\" line");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** mosquitto_sub printing each message's topic, started once the broker accepts connections. */
    private static Process startSubscriber(int port, Path dir) throws Exception {
        // mosquitto_sub exits at once while the broker is not yet listening: wait for the port, not for a guess
        // (JDK only: the benchmark runs on the agent jar and test-classes, without the test libraries)
        CompletableFuture<Void> listening = new CompletableFuture<>();
        ScheduledExecutorService tries = Executors.newSingleThreadScheduledExecutor();
        tries.scheduleWithFixedDelay(() -> {
            if (accepts(port)) {
                listening.complete(null);
            }
        }, 0, 50, TimeUnit.MILLISECONDS);
        try {
            listening.get(1, TimeUnit.MINUTES);
        } finally {
            tries.shutdownNow();
        }
        return start(List.of("mosquitto_sub", "-p", Integer.toString(port), "-t", "#", "-F", "%t", "-q", "1"),
                dir.resolve("messages.log"));
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static Map<String, Long> countTopics(Path log) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        for (String topic : Files.readAllLines(log)) {
            counts.merge(topic.replaceAll("/[^/]*[0-9][^/]*", "/*"), 1L, Long::sum);
        }
        return counts;
    }

    /**
     * The first three fields of /proc/loadavg. The same agent used 0.27 % of a core with the machine busy
     * and 0.81 % with it quiet (its caches cold at every wake-up): a figure means little without it.
     */
    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    private static void row(String name, double value, double baseline) {
        String ratio = baseline > 0 ? String.format(Locale.ROOT, "%6.2f", value / baseline) : "   n/a";
        System.out.printf(Locale.ROOT, "  %-48s agent %9.2f   baseline %9.2f   ratio %s%n", name, value, baseline, ratio);
    }

    private static Process start(List<String> cmd, Path log) throws IOException {
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** One forked JVM: when its marker file first had content, then its RSS and CPU at the end. */
    private static final class Measured {
        private final Process process;
        private final Path marker;
        private final LongSupplier clock;
        private final long startNanos;
        private volatile long firstMs = -1;
        private volatile long warmAtNanos;
        private long rssKb;
        private long hwmKb;
        private double cpuSeconds;
        private volatile Map<String, Double> threadsAtWarm = Map.of();
        private Map<String, Double> threadsAtEnd = Map.of();
        private volatile double warmOnCpuSeconds;
        private double onCpuSeconds;

        Measured(Process process, Path marker, LongSupplier clock) {
            this.process = process;
            this.marker = marker;
            this.clock = clock;
            this.startNanos = clock.getAsLong();
        }

        void poll() {
            try {
                if (firstMs < 0 && Files.exists(marker) && Files.size(marker) > 0) {
                    firstMs = (clock.getAsLong() - startNanos) / 1_000_000;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void markWarm() {
            warmAtNanos = clock.getAsLong();
            threadsAtWarm = threadGroups();
            warmOnCpuSeconds = sum(threadsAtWarm);
        }

        void finish() throws IOException, InterruptedException {
            for (String line : Files.readAllLines(proc().resolve("status"))) {
                if (line.startsWith("VmRSS:")) {
                    rssKb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                } else if (line.startsWith("VmHWM:")) {
                    hwmKb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            cpuSeconds = cpu();
            threadsAtEnd = threadGroups();
            onCpuSeconds = sum(threadsAtEnd);
            process.destroy();
            process.waitFor();
        }

        /**
         * Steady on-CPU time as % of a core: the kernel's exact run time of the threads alive at the end
         * (a thread that ended after the warm-up is not counted; the agent's threads live as long as it does).
         */
        double steadyOnCpuPct(double steadySeconds) {
            return 100 * (onCpuSeconds - warmOnCpuSeconds) / steadySeconds;
        }

        private static double sum(Map<String, Double> groups) {
            return groups.values().stream().mapToDouble(Double::doubleValue).sum();
        }

        /** utime + stime of the process (tick-sampled, as top and ps show it). */
        private double cpu() {
            return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO).toMillis() / 1000.0;
        }

        private Path proc() {
            return Path.of("/proc", Long.toString(process.pid()));
        }

        /**
         * On-CPU time of each live thread from /proc/&lt;pid&gt;/task/&lt;tid&gt;/schedstat (its first field: ns
         * run, the scheduler's sum), summed by the thread's name with the numbers taken out. The kernel
         * scales utime + stime to the same sum (measured: equal to 0.01 % of a core), so top and ps agree;
         * schedstat only spares the tick unit.
         */
        private Map<String, Double> threadGroups() {
            Map<String, Double> groups = new TreeMap<>();
            try (Stream<Path> tasks = Files.list(proc().resolve("task"))) {
                for (Path task : tasks.toList()) {
                    String name;
                    String schedstat;
                    try {
                        name = Files.readString(task.resolve("comm")).trim();
                        schedstat = Files.readString(task.resolve("schedstat"));
                    } catch (IOException gone) {
                        continue; // the thread ended between the listing and the read
                    }
                    double seconds = Long.parseLong(schedstat.trim().split(" ")[0]) / 1e9;
                    groups.merge(name.replaceAll("[0-9]+", "#"), seconds, Double::sum);
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot read threads of " + process.pid(), e);
            }
            return groups;
        }

        long lines() throws IOException {
            return AcceptedRecord.readAll(marker).stream().filter(r -> !r.event()).count();
        }
    }
}
