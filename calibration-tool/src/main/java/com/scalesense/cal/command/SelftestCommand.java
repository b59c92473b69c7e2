package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.control.Replies;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import com.scalesense.cal.output.ResultText;
import picocli.CommandLine.Command;

/** {@code selftest}: the agent's wiring checks, each with pass/fail and the figures. */
@Command(name = "selftest", mixinStandardHelpOptions = true,
        description = {"Check the wiring with the platform still: the chip answers (DOUT goes low, SCK clocks the "
                + "bits out), no sample saturates, the noise is near the datasheet's, a calibration exists.",
            "Exit 0 when every check passes, 1 when any fails."},
        footerHeading = "%nExamples:%n", footer = {"  scale-cal selftest",
            "  scale-cal selftest --json | jq '.checks[] | select(.pass == false)'"})
public final class SelftestCommand extends TopCommand {

    @Override
    public Integer call() {
        Replies.Selftest result = agent("selftest", ControlClient::selftest);
        emit(result, ResultText.selftest(result));
        return result.pass() ? ExitCodes.OK : ExitCodes.REFUSED;
    }
}
