package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.cal.DirectStores;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import com.scalesense.cal.output.ResultText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code history}: every kept calibration, oldest first, the one in use marked. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"List the kept calibrations (up to 20), oldest first; the last one is in use.",
            "With the agent stopped, reads the stores directly and says so."},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal history",
            "  scale-cal history --json | jq '.entries[-1].quality'"})
public final class HistoryCommand extends TopCommand {

    @Option(names = "--direct", description = "Open the stores directly without asking the agent; refused "
            + "(exit 4) while the agent runs.")
    private boolean direct;

    @Override
    public Integer call() {
        agentOrStores(direct, ControlClient::calibrationHistory, ResultText::history, DirectStores::history,
                ResultText::history);
        return ExitCodes.OK;
    }
}
