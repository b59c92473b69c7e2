package com.scalesense.demo;

import com.scalesense.demo.cloud.LocalDashboard;
import com.scalesense.demo.report.Check;
import com.scalesense.demo.report.LiveScreen;
import com.scalesense.demo.report.StoredReadings;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar demo/target/scale-sense-demo.jar}: a bar evening on this machine, end to end.
 * Exit status 0 when every reading the scales accepted is stored exactly once and every check
 * passes, 1 when a check fails, 2 for bad options.
 */
@Command(name = "scale-sense-demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs Scale Sense on this machine: an embedded MQTT broker, DynamoDB Local, the sink behind a"
                + " local IoT Rule, and simulated scales pouring through a bar evening at accelerated time.",
        subcommands = LocalCloudCommand.class)
public final class Demo implements Callable<Integer> {

    @Option(names = "--scales", defaultValue = "4", description = "scales (taps) at the bar, 1..8 (default ${DEFAULT-VALUE})")
    int scales;

    @Option(names = "--speed", defaultValue = "240",
            description = "simulated seconds per real second (default ${DEFAULT-VALUE}: 6 h in 90 s)")
    double speed;

    @Option(names = "--duration", defaultValue = "6h", description = "length of the evening in bar time, e.g. 6h, 90m,"
            + " 2h30m (default ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--seed", defaultValue = "20261122", description = "seed of pours, noise and ids (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--faults", defaultValue = "broker-outage,sink-crash,agent-kill,duplicates",
            description = "faults to inject, comma-separated, or none (default ${DEFAULT-VALUE})")
    String faults;

    @Option(names = "--chart", defaultValue = "demo/target/keg-levels.svg", description = "where the SVG chart goes"
            + " (default ${DEFAULT-VALUE})")
    Path chart;

    @Option(names = "--work-dir", description = "broker data and scale state directories (default: a new temp dir)")
    Path workDir;

    @Option(names = "--keep-running", description = "after the evening, keep the broker and the tables running "
            + "(DynamoDB Local on 127.0.0.1, see --dynamodb-port) until Ctrl-C, to look at them")
    boolean keepRunning;

    @Option(names = "--dynamodb-port", defaultValue = "8000", description = "with --keep-running or --serve: "
            + "DynamoDB Local's port on 127.0.0.1 (default ${DEFAULT-VALUE}; 0: any free port)")
    int dynamoPort;

    @Option(names = "--serve", description = "serve the HTTP API and the live dashboard page on 127.0.0.1 (see "
            + "--api-port) from the start of the evening, print the page's URL with an API key for the bar, and keep "
            + "everything running after the evening until Ctrl-C (implies --keep-running)")
    boolean serve;

    @Option(names = "--api-port", defaultValue = "8080", description = "with --serve: the API's and the page's port "
            + "on 127.0.0.1 (default ${DEFAULT-VALUE}; 0: any free port)")
    int apiPort;

    /** The SLF4J provider the demo logs through. */
    static final String TINYLOG = "org.tinylog.slf4j.TinylogSlf4jServiceProvider";

    private final PrintStream out = System.out;

    public static void main(String[] args) {
        // Before the first logger exists. HiveMQ brings logback, whose own logback.xml would log
        // INFO to stdout under the live view; tinylog (tinylog.properties: warnings, stderr) is ours.
        System.setProperty("slf4j.provider", TINYLOG);
        System.exit(new CommandLine(new Demo()).setExecutionExceptionHandler((e, cmd, parsed) -> failed(e, cmd))
                .execute(args));
    }

    /**
     * A bad option, or a port another program holds (8080 and 8000 often are): one line naming what
     * to change, exit 2. Anything else is a bug and keeps its stack trace.
     */
    static int failed(Exception e, CommandLine cmd) throws Exception {
        if (e instanceof InvalidOptionException bad) {
            cmd.getErr().println("error: " + bad.getMessage());
            return 2;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.BindException) {
                cmd.getErr().println("error: " + e.getMessage() + ": another program listens there; choose another"
                        + " port with --api-port, --dynamodb-port or (local-cloud) --broker-port, or 0 for any free one");
                return 2;
            }
        }
        throw e;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        DemoConfig config = new DemoConfig(scales, speed, parseDuration(duration), seed, parseFaults(faults),
                eveningStart());
        Path work = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("scale-sense-demo");
        out.printf(Locale.ROOT, "Starting: HiveMQ on 127.0.0.1, DynamoDB Local, local IoT Rule, %d scale(s); %s of bar"
                        + " time at x%.0f (about %.0f s); faults: %s%n", config.scales(), duration, config.speed(),
                config.realSeconds(), config.faults().isEmpty() ? "none" : faults);
        boolean stayUp = keepRunning || serve;
        checkPort("--dynamodb-port", dynamoPort);
        checkPort("--api-port", apiPort);
        SignalStop stop = SignalStop.install();
        try {
            return evening(config, work, stayUp, stop);
        } catch (InterruptedException | RuntimeException e) {
            if (!stop.signalled()) {
                throw e;
            }
            // every resource of evening() is closed by now; the hook holds the JVM until stop.close()
            out.println();
            out.println("Stopped by a signal (Ctrl-C or SIGTERM): scales, broker, DynamoDB Local and API server closed.");
            out.flush();
            return 130;
        } finally {
            stop.close();
        }
    }

    /** The evening, its report, and with --keep-running or --serve the wait for Ctrl-C; closes what it opened. */
    private int evening(DemoConfig config, Path work, boolean stayUp, SignalStop stop) throws InterruptedException {
        try (BarNight night = stayUp ? BarNight.open(config, work, dynamoPort) : BarNight.open(config, work);
             LocalDashboard dashboard = serve ? LocalDashboard.start(night.cloud().tables(), night.cloud().commands(),
                     night.time()::millis, config.eveningStartMs() + config.duration().toMillis(), BarEvening.LOC_ID,
                     apiPort) : null) {
            try {
                return play(night, dashboard, stayUp, stop);
            } finally {
                // an interrupt (a JVM in shutdown may send one) must not cut short the closes that follow
                Thread.interrupted();
            }
        }
    }

    private int play(BarNight night, LocalDashboard dashboard, boolean stayUp, SignalStop stop)
            throws InterruptedException {
        if (dashboard != null) {
            out.println("Dashboard, live while the evening runs and after it: " + dashboard.pageUri());
        }
        LiveScreen view = new LiveScreen(out, System.console() != null, 10);
        night.run(n -> view.show(DashboardText.frame(n), false), Duration.ofSeconds(1));
        view.show(DashboardText.frame(night), true);
        int status = report(night);
        if (stayUp) {
            out.println();
            out.println("The evening is over (exit status would be " + status + "); its cloud keeps running:");
            if (dashboard != null) {
                describe(dashboard);
            }
            LocalCloudCommand.describe(night.cloud(), out);
            stop.awaitSignal(); // until Ctrl-C or SIGTERM
        }
        return status;
    }

    private int report(BarNight night) {
        out.println();
        DashboardText.dashboard(night).forEach(out::println);
        out.println();
        out.println("Readings sent vs stored (device_readings items; readings inside the keg readings store):");
        StoredReadings stored = new StoredReadings(night.cloud().tables().client(), night.cloud().tables().names());
        long sent = 0;
        long inDevice = 0;
        long inKeg = 0;
        for (DemoScale s : night.scales()) {
            int n = night.ledger().readings(s.tap()).size();
            int d = stored.deviceReadings(s.tap().hardwareId()).size();
            int k = stored.kegReadings(s.kegId(), s.tap().tapId(BarEvening.LOC_ID)).size();
            out.printf(Locale.ROOT, "  %s  sent %5d   device_readings %5d   keg store %5d   %s%n", s.tap().deviceId(),
                    n, d, k, n == d && n == k ? "match" : "MISMATCH");
            sent += n;
            inDevice += d;
            inKeg += k;
        }
        out.printf(Locale.ROOT, "  total       sent %5d   device_readings %5d   keg store %5d   %s%n", sent, inDevice,
                inKeg, sent == inDevice && sent == inKeg ? "MATCH" : "MISMATCH");
        List<Check> checks = night.verify();
        List<Check> failed = checks.stream().filter(c -> !c.ok()).toList();
        out.printf(Locale.ROOT, "%nChecks (each reading once in both stores, tap state = newest reading, daily"
                + " summaries = pours, low_keg alerts): %d of %d passed%n", checks.size() - failed.size(), checks.size());
        failed.forEach(c -> out.println("  " + c));
        out.println("Timeline: " + String.join("; ", night.timeline()));
        night.writeChart(chart);
        out.println("Chart of keg levels: " + chart.toAbsolutePath().normalize());
        return failed.isEmpty() && sent == inDevice && sent == inKeg ? 0 : 1;
    }

    private void describe(LocalDashboard dashboard) {
        out.println("Dashboard:      " + dashboard.pageUri());
        out.println("                (the API's clock stopped at closing time, so the evening's levels stay fresh)");
        out.println("API:            curl -H 'x-api-key: " + dashboard.rawKey() + "' "
                + dashboard.baseUri() + "v1/locations/" + BarEvening.LOC_ID + "/dashboard");
        out.flush();
    }

    /** Today's 17:00 at the bar: an evening that starts when the bar fills up. */
    private static long eveningStart() {
        return ZonedDateTime.of(LocalDate.now(BarNight.BAR_ZONE), LocalTime.of(17, 0), BarNight.BAR_ZONE)
                .toInstant().toEpochMilli();
    }

    static Duration parseDuration(String text) {
        try {
            return Duration.parse("PT" + text.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            throw new InvalidOptionException("--duration", text, "must be hours and/or minutes like 6h, 90m or 2h30m");
        }
    }

    /** A TCP port to listen on at 127.0.0.1: 1..65535, or 0 for any free one. */
    static int checkPort(String option, int port) {
        if (port < 0 || port > 65_535) {
            throw new InvalidOptionException(option, port, "must be a TCP port 1..65535, or 0 for any free port");
        }
        return port;
    }

    static Set<Fault> parseFaults(String text) {
        Set<Fault> set = EnumSet.noneOf(Fault.class);
        if (text.isBlank() || text.trim().equals("none")) {
            return set;
        }
        List<String> names = new ArrayList<>(List.of(text.split(",")));
        names.forEach(n -> set.add(Fault.of(n)));
        return set;
    }

}
