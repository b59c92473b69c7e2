package com.scalesense.agent;

import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigException;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.agent.config.SimulationConfig;
import com.scalesense.agent.notify.SdNotifier;
import com.scalesense.agent.replay.ReplayCommand;
import com.scalesense.agent.boot.HardwareScale;
import com.scalesense.agent.boot.ScaleAgent;
import com.scalesense.agent.sim.ScaledTime;
import com.scalesense.agent.scale.Sensors;
import com.scalesense.agent.sim.SimulatedScale;
import com.scalesense.agent.sim.TrainingBroker;
import com.scalesense.hal.SampleRate;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.LoggerFactory;
import org.tinylog.configuration.Configuration;

/**
 * {@code scale-agent}: reads the config, builds the agent from it and runs it until SIGTERM.
 *
 * <pre>
 * java -jar scale-agent.jar [--config PATH] [--simulate [--speed N] [--bar real|none]] [--log-timestamps]
 * java -jar scale-agent.jar replay --trace FILE[.gz] [--truth FILE] --out READINGS.csv [--verdicts FILE.csv]
 *     [--keg-type TYPE [--sg SG] [--keg-id ID] [--empty-kg KG] [--full-kg KG]]
 * </pre>
 *
 * {@code replay} runs a recorded trace through the measurement pipeline and exits
 * ({@link ReplayCommand}, docs/accuracy.md); it needs no config and starts no agent.
 *
 * Exit status: 0 after a clean stop, {@value #EXIT_CONFIG} when the configuration is invalid (every
 * error is printed; systemd does not restart, see RestartPreventExitStatus), 75 when the cloud
 * asked for a config reload (systemd restarts the unit), 1 on any other failure.
 */
public final class Main {

    /** EX_CONFIG (sysexits.h). */
    public static final int EXIT_CONFIG = 78;
    /** EX_USAGE (sysexits.h). */
    public static final int EXIT_USAGE = 64;
    /** EX_TEMPFAIL (sysexits.h): the cloud's reload_config; systemd restarts the agent. */
    public static final int EXIT_RESTART = 75;
    static final Path DEFAULT_CONFIG = Path.of("/etc/scale-sense/agent.conf");
    private static final String USAGE = "usage: scale-agent [--config PATH] [--simulate [--speed N] [--bar real|none]] [--log-timestamps]\n"
            + "       scale-agent replay --trace FILE[.gz] [--truth FILE] --out READINGS.csv [--verdicts FILE.csv]\n"
            + "           [--keg-type TYPE [--sg SG] [--keg-id ID] [--empty-kg KG] [--full-kg KG]]";
    private static final String HELP = USAGE + """


            The Scale Sense edge agent: reads the keg scale, keeps readings in its outbox and sends them to the
            cloud over MQTT. Run by systemd (scale-agent.service); see docs/operations.md.

              --config PATH      the config file (default /etc/scale-sense/agent.conf; keys in docs/operations.md)
              --simulate         a simulated keg scale instead of the HX711 (no hardware, no root needed)
              --speed N          with --simulate: N times real time (simulate.speed)
              --bar real|none    with --simulate: a real bar's knocks, leans, objects and part-full kegs, or an
                                 undisturbed bar (simulate.bar, default none)
              --log-timestamps   stamp each log line (journald stamps them itself)
              -h, --help         this text
              -V, --version      the version

            Exit status: 0 stopped cleanly, 1 could not start, 64 usage error, 75 the cloud asked for a
            config reload (systemd restarts it), 78 invalid configuration (every error printed).""";

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        OptionalInt done = subcommand(args, System.out, System.err);
        if (done.isPresent()) {
            System.exit(done.getAsInt());
        }
        int status = run(args, System.getenv(), System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
        // Status 0: the agent runs on its own (non-daemon) sampling thread until SIGTERM.
    }

    /**
     * Runs a subcommand that does its work and exits ({@code replay}); empty when {@code args} name
     * none and the agent is to start.
     */
    static OptionalInt subcommand(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        if (args.length > 0 && args[0].equals("replay")) {
            return OptionalInt.of(ReplayCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err));
        }
        return OptionalInt.empty();
    }

    /** Parses, loads and starts; returns a non-zero exit status if the agent could not start. */
    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("scale-agent: " + e.getMessage() + "\n" + USAGE);
            return EXIT_USAGE;
        }
        if (options.help() || options.version()) {
            out.println(options.help() ? HELP : "scale-agent " + AgentVersion.current());
            out.flush();
            return 0; // nothing started: the JVM ends when main returns
        }
        // --cds-training: the stand-in broker the class-list run of --dump-cds connects to (issue 18)
        TrainingBroker training;
        try {
            training = options.cdsTraining() ? TrainingBroker.start() : null;
        } catch (AgentException e) {
            // no loopback: the class-list run ends here, its list holds the start-up classes only
            err.println("scale-agent: " + e.getMessage());
            return 1;
        }
        AgentConfig config;
        try {
            config = load(options, env, training);
        } catch (ConfigException e) {
            if (training != null) {
                training.close();
            }
            err.println("scale-agent: " + e.getMessage());
            return EXIT_CONFIG;
        }
        configureLogging(config);
        var log = LoggerFactory.getLogger(Main.class);
        try {
            SecureRandom random = new SecureRandom();
            Sensors sensors = config.simulated()
                    ? SimulatedScale.build(scaledTime(config.simulation()), config.simulation().seed(),
                            config.simulation().realBar(), SampleRate.SPS_10)
                    : HardwareScale.open(config.hardware(), Clock.systemUTC());
            if (config.simulated()) {
                log.info("simulating a keg scale at {}x real time (seed {}, {} bar{}), state in {}", config.simulation().speed(),
                        config.simulation().seed(), config.simulation().realBar() ? "real" : "undisturbed",
                        config.simulation().worldStartMs() == null ? ""
                                : ", world began " + Instant.ofEpochMilli(config.simulation().worldStartMs()),
                        config.stateDir().toAbsolutePath());
            }
            ScaleAgent agent = ScaleAgent.builder(config, sensors)
                    .notifier(SdNotifier.fromEnvironment(env, ProcessHandle.current().pid()))
                    .random(random)
                    .firmwareVersion(firmwareVersion())
                    .onRestart(() -> new Thread(() -> System.exit(EXIT_RESTART), "reload-config").start())
                    .start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                agent.close(); // publishes the batch it seals before the stand-in broker goes
                if (training != null) {
                    training.close();
                    LoggerFactory.getLogger(Main.class).info("cds training broker answered {}", training.seen());
                }
            }, "agent-shutdown"));
            return 0;
        } catch (RuntimeException e) {
            log.error("scale-agent could not start", e);
            if (training != null) {
                training.close();
            }
            return 1;
        }
    }

    /** The simulated time of {@code --simulate}: begun now, or continuing a world begun at simulate.world_start. */
    static ScaledTime scaledTime(SimulationConfig simulation) {
        return simulation.worldStartMs() == null
                ? new ScaledTime(Clock.systemUTC(), System::nanoTime, simulation.speed())
                : ScaledTime.continuing(Clock.systemUTC(), System::nanoTime, simulation.speed(), simulation.worldStartMs());
    }

    /** The config of {@code options}; a {@code training} broker, if not null, replaces its MQTT client and broker. */
    static AgentConfig load(Options options, Map<String, String> env, TrainingBroker training) {
        Optional<Path> file = Optional.of(options.config().orElse(DEFAULT_CONFIG));
        // Without --config the default file may be missing on a laptop; with --config it must exist.
        boolean optional = options.config().isEmpty() && options.simulate();
        ConfigSource source = ConfigSource.load(file, optional, env);
        options.speed().ifPresent(s -> source.override(ConfigKey.SIMULATE_SPEED, s, "--speed"));
        options.bar().ifPresent(b -> source.override(ConfigKey.SIMULATE_BAR, b, "--bar"));
        if (options.logTimestamps()) {
            source.override(ConfigKey.LOG_TIMESTAMPS, "true", "--log-timestamps");
        }
        if (training != null) {
            trainingOverrides(source, training, options.speed().isEmpty());
        }
        AgentConfig config = AgentConfigLoader.load(source, options.simulate());
        AgentConfigLoader.checkStateDir(source, config);
        return config;
    }

    /**
     * {@code --cds-training}: Paho's MQTT 3.1.1 over plain TCP to the stand-in broker (what it
     * answers), and, unless {@code --speed} says otherwise, 20 times real time, so that the seeded
     * keg life (seed 1) has its first pour within the launcher's 20 s run and the event path and the
     * tap's state message ({@code StateSender}) are in the class list too.
     */
    private static void trainingOverrides(ConfigSource source, TrainingBroker training, boolean speed) {
        String flag = "--cds-training";
        source.override(ConfigKey.MQTT_CLIENT, "paho", flag);
        source.override(ConfigKey.MQTT_PROTOCOL, "3.1.1", flag);
        source.override(ConfigKey.MQTT_BROKER_URI, training.uri().toString(), flag);
        for (ConfigKey tls : new ConfigKey[] {ConfigKey.MQTT_TLS_CA_FILE, ConfigKey.MQTT_TLS_CERT_FILE, ConfigKey.MQTT_TLS_KEY_FILE}) {
            source.override(tls, "", flag);
        }
        if (speed) {
            source.override(ConfigKey.SIMULATE_SPEED, "20", flag);
        }
    }

    /**
     * tinylog to stdout, one line per message. No timestamp by default: journald stamps every line
     * itself; {@code log.timestamps = true} (or {@code --log-timestamps}) adds one for other runs.
     */
    static void configureLogging(AgentConfig config) {
        String stamp = config.log().timestamps() ? "{date:yyyy-MM-dd'T'HH:mm:ss.SSSZ} " : "";
        Configuration.set("writer", "console");
        Configuration.set("writer.stream", "out");
        Configuration.set("writer.level", config.log().level());
        Configuration.set("writer.format", stamp + "{level}: {class-name}: {message}");
    }

    private static String firmwareVersion() {
        return AgentVersion.current();
    }
}
