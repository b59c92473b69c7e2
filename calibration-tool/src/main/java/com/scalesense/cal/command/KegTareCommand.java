package com.scalesense.cal.command;

import com.scalesense.control.Replies;
import com.scalesense.cal.AgentRefusedException;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.output.ResultText;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code keg tare-empty} and {@code keg tare-full}: record the keg on the platform as empty or full. */
abstract class KegTareCommand extends KegSubcommand {

    private final String kind;

    KegTareCommand(String kind) {
        this.kind = kind;
    }

    @Override
    public Integer call() {
        Replies.Keg keg;
        try {
            keg = agent("keg tare-" + kind, c -> c.tareKeg(kind));
        } catch (AgentRefusedException e) {
            // the agent names the field; the technician needs the command that fixes it
            throw "no_keg".equals(e.code()) ? new AgentRefusedException(e.code(), "no keg is assigned to this tap: "
                    + "assign it first (with the cloud: on the bar's dashboard page or with AdminCli keg assign, and "
                    + "it reaches the scale by itself; without: 'scale-cal keg assign --type TYPE'), then "
                    + "'scale-cal keg tare-" + kind + "' again ("
                    + e.getMessage() + ")", e) : e;
        }
        emit(keg, List.of("keg tared " + kind + ": " + ResultText.keg(keg)));
        return ExitCodes.OK;
    }

    @Command(name = "tare-empty", mixinStandardHelpOptions = true,
            description = {"Record the weight of the keg on the platform as this keg's empty weight.",
                "Refused (exit 1) unless a keg is assigned (scale-cal keg assign, also after a keg swap) and the "
                    + "platform is stable."},
            footerHeading = "%nExamples:%n", footer = "  scale-cal keg tare-empty")
    static final class Empty extends KegTareCommand {
        Empty() {
            super("empty");
        }
    }

    @Command(name = "tare-full", mixinStandardHelpOptions = true,
            description = {"Record the weight of the keg on the platform as this keg's full weight.",
                "Refused (exit 1) unless a keg is assigned (scale-cal keg assign, also after a keg swap) and the "
                    + "platform is stable."},
            footerHeading = "%nExamples:%n", footer = {"  scale-cal keg assign --type half_barrel",
                "  scale-cal keg tare-full"})
    static final class Full extends KegTareCommand {
        Full() {
            super("full");
        }
    }
}
