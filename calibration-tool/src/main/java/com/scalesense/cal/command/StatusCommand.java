package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.cal.DirectStores;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import com.scalesense.cal.output.StatusText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code status}: device, tap, keg, calibration age and quality, outbox, uplink, battery, last error. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = {"Show what the scale knows: device, tap, keg and tare, calibration age and quality, "
                + "outbox depth, connectivity, battery and the last error.",
            "With the agent stopped, reads the stores directly and says so (fewer fields: no live state)."},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal status",
            "  scale-cal status --json | jq '.outbox.pending'",
            "  scale-cal status --direct --state-dir /var/lib/scale-sense   # agent stopped"})
public final class StatusCommand extends TopCommand {

    @Option(names = "--direct", description = "Open the stores directly without asking the agent; refused "
            + "(exit 4) while the agent runs.")
    private boolean direct;

    @Override
    public Integer call() {
        agentOrStores(direct, ControlClient::status, StatusText::of, DirectStores::state, StatusText::of);
        return ExitCodes.OK;
    }
}
