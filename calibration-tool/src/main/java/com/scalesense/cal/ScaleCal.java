package com.scalesense.cal;

import com.scalesense.agent.AgentVersion;
import com.scalesense.cal.command.CalibrateCommand;
import com.scalesense.cal.command.HistoryCommand;
import com.scalesense.cal.command.KegCommand;
import com.scalesense.cal.command.ReadCommand;
import com.scalesense.cal.command.RecordCommand;
import com.scalesense.cal.command.SelftestCommand;
import com.scalesense.cal.command.SimCommand;
import com.scalesense.cal.command.StatusCommand;
import com.scalesense.cal.command.ZeroCommand;
import com.scalesense.cal.setup.SetupCommand;
import java.nio.file.Path;
import org.tinylog.configuration.Configuration;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code scale-cal}, the technician's CLI. It talks to the running agent over the agent's control
 * socket; with the agent stopped, {@code status} and {@code history} open the stores themselves
 * (and say so), under the state directory's lock, so the two never use the stores at once.
 * Exit statuses: {@link ExitCodes}.
 */
@Command(name = "scale-cal", mixinStandardHelpOptions = true, versionProvider = ScaleCal.Version.class,
        description = "Calibrate, tare and check a Scale Sense keg scale on site.",
        subcommands = {StatusCommand.class, ReadCommand.class, ZeroCommand.class, CalibrateCommand.class,
            KegCommand.class, HistoryCommand.class, RecordCommand.class, SelftestCommand.class, SimCommand.class,
            SetupCommand.class, AutoComplete.GenerateCompletion.class},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
            "0:ok",
            "1:a check failed or the agent refused (bad fit, not steady, not calibrated, no keg assigned); "
                + "nothing changed",
            "2:usage error: the message names the option, the value and the rule",
            "3:the agent does not answer on its control socket and the command needs it",
            "4:busy: the stores are locked by another process (the agent is running), or the agent serves its maximum of connections",
            "5:internal error",
            "78:the agent's config file cannot be read (missing when named by --config, or permission denied)",
            "141:stdout was closed by its reader (scale-cal read | head -3); nothing printed"},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal status                       # what the scale knows, at a glance",
            "  scale-cal read --count 50              # live weight and raw counts",
            "  scale-cal calibrate                    # guided: place known weights, enter their mass",
            "  scale-cal calibrate --point 0 --point 20 --yes < answers",
            "  scale-cal keg assign --beer guinness-draught --type half_barrel --sg 1.014",
            "  scale-cal --json status | jq .calibration.quality",
            "  scale-cal generate-completion > /etc/bash_completion.d/scale-cal",
            "",
            "See docs/calibration.md for the step-by-step guide and what each error means."})
public final class ScaleCal implements Runnable {

    /** Where the agent's config lives on a scale (the agent's own default). */
    public static final String DEFAULT_CONFIG = "/etc/scale-sense/agent.conf";

    @Option(names = "--config", scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "The agent's config, for state.dir and control.socket (default: " + DEFAULT_CONFIG
                    + ", defaults for every key if it does not exist; a --config FILE must exist).")
    private Path config;

    @Option(names = "--socket", scope = ScopeType.INHERIT, paramLabel = "PATH",
            description = "The agent's control socket (default: <DIR>/control.sock with --state-dir, else "
                    + "control.socket of the config, else <state.dir>/control.sock).")
    private Path socket;

    @Option(names = "--state-dir", scope = ScopeType.INHERIT, paramLabel = "DIR",
            description = "The agent's state directory (default: state.dir of the config).")
    private Path stateDir;

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Print results as JSON: one object, or one per line for read.")
    private boolean json;

    private final CliContext context;
    private Locations locations;

    private ScaleCal(CliContext context) {
        this.context = context;
    }

    public static void main(String[] args) {
        quietLogging();
        System.exit(run(CliContext.system(), args));
    }

    /**
     * The stores' libraries log through slf4j to tinylog, whose default is every level on stdout:
     * that would mix into results and break {@code --json}. Warnings and errors only, on stderr.
     */
    static void quietLogging() {
        Configuration.set("writer", "console");
        Configuration.set("writer.stream", "err");
        Configuration.set("writer.level", "warn");
        Configuration.set("writer.format", "scale-cal: {level}: {message}");
    }

    /** Runs one command line and returns its exit status. */
    public static int run(CliContext context, String... args) {
        return commandLine(context).execute(args);
    }

    /** The configured picocli command line (tests and the completion script use it too). */
    public static CommandLine commandLine(CliContext context) {
        CommandLine cl = new CommandLine(new ScaleCal(context));
        cl.setOut(context.out());
        cl.setErr(context.err());
        Failures failures = new Failures(context);
        cl.setExecutionExceptionHandler(failures);
        cl.setParameterExceptionHandler(failures);
        cl.setCaseInsensitiveEnumValuesAllowed(false);
        return cl;
    }

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        // No command: help, as a technician typing only the name expects.
        spec.commandLine().usage(context.out());
    }

    /** The agent's config file: --config, else the default (setup writes it). */
    public Path configFile() {
        return config == null ? Path.of(DEFAULT_CONFIG) : config;
    }

    CliContext context() {
        return context;
    }

    boolean json() {
        return json;
    }

    /** Where the socket and stores are; resolved once per run, from config, environment and flags. */
    Locations locations() {
        if (locations == null) {
            locations = config == null
                    ? Locations.resolve(Path.of(DEFAULT_CONFIG), false, socket, stateDir, context.env())
                    : Locations.resolve(config, true, socket, stateDir, context.env());
        }
        return locations;
    }

    /** The build's version, as scale-agent --version prints it (version.properties, filtered by Maven). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"scale-cal " + AgentVersion.current()};
        }
    }
}
