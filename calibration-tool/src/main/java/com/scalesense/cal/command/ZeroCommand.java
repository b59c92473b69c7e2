package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.control.Replies;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import com.scalesense.cal.output.ResultText;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code zero}: the empty platform's counts become the calibration's zero. */
@Command(name = "zero", mixinStandardHelpOptions = true,
        description = {"Tare the empty platform: its settled raw counts (2 s of samples) become the calibration's "
                + "zero; the scale (counts per kg) is kept.",
            "Refused (exit 1) when the platform is not steady, reads more than 3 kg against the current zero "
                + "(something still stands on it), or the scale has never been calibrated."},
        footerHeading = "%nExamples:%n", footer = {"  scale-cal zero", "  scale-cal zero --json"})
public final class ZeroCommand extends TopCommand {

    @Override
    public Integer call() {
        Replies.CalibrationInfo zeroed = agent("zero", ControlClient::tare);
        emit(zeroed, List.of("platform zeroed; calibration now: " + ResultText.calibration(zeroed)));
        return ExitCodes.OK;
    }
}
