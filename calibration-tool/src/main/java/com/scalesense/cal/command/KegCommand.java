package com.scalesense.cal.command;

import com.scalesense.cal.ScaleCal;
import com.scalesense.cal.TopCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code keg}: the keg on the tap: assign it, then tare it empty and full. */
@Command(name = "keg", mixinStandardHelpOptions = true,
        description = "The keg on the tap: assign a new keg, tare it empty and full.",
        subcommands = {KegAssignCommand.class, KegTareCommand.Empty.class, KegTareCommand.Full.class},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal keg assign --beer guinness-draught --type half_barrel --sg 1.014",
            "  scale-cal keg tare-empty",
            "  scale-cal keg tare-full"})
public final class KegCommand extends TopCommand {

    @Spec
    private CommandSpec keg;

    /** No subcommand: its help. */
    @Override
    public Integer call() {
        keg.commandLine().usage(io().out());
        return com.scalesense.cal.ExitCodes.USAGE;
    }

    /** The root command, for the subcommands. */
    ScaleCal scaleCal() {
        return root();
    }
}
