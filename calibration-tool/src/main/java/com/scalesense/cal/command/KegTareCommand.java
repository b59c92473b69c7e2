package com.scalesense.cal.command;

import com.scalesense.agent.control.Replies;
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
        Replies.Keg keg = agent("keg tare-" + kind, c -> c.tareKeg(kind));
        emit(keg, List.of("keg tared " + kind + ": " + ResultText.keg(keg)));
        return ExitCodes.OK;
    }

    @Command(name = "tare-empty", mixinStandardHelpOptions = true,
            description = {"Record the weight of the keg on the platform as this keg's empty weight.",
                "Refused (exit 1) unless the platform is stable."},
            footerHeading = "%nExamples:%n", footer = "  scale-cal keg tare-empty")
    static final class Empty extends KegTareCommand {
        Empty() {
            super("empty");
        }
    }

    @Command(name = "tare-full", mixinStandardHelpOptions = true,
            description = {"Record the weight of the keg on the platform as this keg's full weight.",
                "Refused (exit 1) unless the platform is stable."},
            footerHeading = "%nExamples:%n", footer = "  scale-cal keg tare-full")
    static final class Full extends KegTareCommand {
        Full() {
            super("full");
        }
    }
}
