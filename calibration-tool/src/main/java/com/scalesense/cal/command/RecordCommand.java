package com.scalesense.cal.command;

import com.scalesense.control.Replies;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code record}: a raw trace of the load cell in the replay format (docs/trace-format.md). */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = {"Record the raw samples of the next SECONDS into a trace file (trace format v1, "
                + "docs/trace-format.md) that the replay load cell and the accuracy benchmark read.",
            "The agent writes the file: its directory must be writable by the agent's user. Paths under /tmp "
                + "and /var/tmp are refused: the service has its own private ones (PrivateTmp=yes), so the file "
                + "would never appear where you look."},
        footerHeading = "%nExamples:%n", footer = {"  scale-cal record --out /var/lib/scale-sense/pour.trace --seconds 60"})
public final class RecordCommand extends TopCommand {

    /** The agent's limit on one recording, s (control socket's MAX_SECONDS). */
    static final int MAX_SECONDS = 600;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Trace file to write.")
    private Path out;

    @Option(names = "--seconds", defaultValue = "10", paramLabel = "N",
            description = "How long to record, 1..600 s (default: ${DEFAULT-VALUE}).")
    private int seconds;

    /** The service's private temporary directories (scale-agent.service: PrivateTmp=yes). */
    static final List<Path> PRIVATE_TMP = List.of(Path.of("/tmp"), Path.of("/var/tmp"));

    @Override
    public Integer call() {
        Arguments.inRange(spec(), "--seconds", seconds, 1, MAX_SECONDS);
        Path file = out.toAbsolutePath().normalize(); // the agent's working directory is not ours
        // Inside the state directory the file is where both see it, even on a machine whose state
        // directory lies under /tmp (a test, a checkout there).
        Path stateDir = locations().stateDir().toAbsolutePath().normalize();
        if (PRIVATE_TMP.stream().anyMatch(file::startsWith) && !file.startsWith(stateDir)) {
            // issue 14: the agent wrote it into its private /tmp, reported success, and nobody found it
            throw Arguments.usage(spec(), "--out", out.toString(), "must not be under /tmp or /var/tmp: the agent "
                    + "runs with a private /tmp (PrivateTmp=yes), so the file would not appear here; write into "
                    + "the state directory, e.g. " + stateDir.resolve("pour.trace"));
        }
        Replies.Trace trace = agent("record", c -> c.recordTrace(file, seconds));
        emit(trace, List.of("recorded " + trace.rows() + " samples to " + trace.file()));
        return ExitCodes.OK;
    }
}
