package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.control.Replies;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.ScaleCal;
import com.scalesense.cal.ScaleCommand;
import com.scalesense.cal.TopCommand;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code sim}: the technician's hands on a simulated scale ({@code scale-agent --simulate}), to
 * practise the calibration walk; a real scale refuses (exit 1, {@code not_simulated}).
 */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = {"Only on a simulated scale (scale-agent --simulate): put a known weight on the simulated "
                + "platform, or take it off, to practise calibration. A real scale refuses (exit 1)."},
        subcommands = {SimCommand.PutWeight.class, SimCommand.RemoveWeight.class},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal sim put-weight 0      # empty platform: the bar's keg lifted off",
            "  scale-cal sim put-weight 20",
            "  scale-cal sim remove-weight     # back to the bar's keg life"})
public final class SimCommand extends TopCommand {

    /** Heaviest weight the simulated 200 kg cell takes, kg (the agent's limit for sim_load). */
    static final double MAX_KG = 200;

    @Spec
    private CommandSpec sim;

    /** No subcommand: its help. */
    @Override
    public Integer call() {
        sim.commandLine().usage(io().out());
        return ExitCodes.USAGE;
    }

    private static List<String> text(Replies.SimWeight w) {
        return List.of(w.weightKg() == null ? "simulated platform: the bar's keg life (no test weight)"
                : String.format(Locale.ROOT, "simulated platform: %.3f kg test weight", w.weightKg()));
    }

    /** A command under {@code sim}. */
    abstract static class SimSubcommand extends ScaleCommand {

        @ParentCommand
        private SimCommand parent;

        @Override
        protected ScaleCal root() {
            return parent.root();
        }
    }

    /** {@code sim put-weight KG}. */
    @Command(name = "put-weight", mixinStandardHelpOptions = true,
            description = "Put KG kg (0..200) on the simulated platform in place of the bar's keg.",
            footerHeading = "%nExamples:%n", footer = {"  scale-cal sim put-weight 20"})
    static final class PutWeight extends SimSubcommand {

        @Parameters(paramLabel = "KG", description = "The known weight, kg (0 = empty platform).")
        private double kg;

        @Override
        public Integer call() {
            Arguments.inRange(spec(), "KG", kg, 0, MAX_KG);
            Replies.SimWeight w = agent("sim put-weight", c -> c.simLoad(kg));
            emit(w, text(w));
            return ExitCodes.OK;
        }
    }

    /** {@code sim remove-weight}. */
    @Command(name = "remove-weight", mixinStandardHelpOptions = true,
            description = "Take the test weight off: the simulated platform carries the bar's keg again.",
            footerHeading = "%nExamples:%n", footer = {"  scale-cal sim remove-weight"})
    static final class RemoveWeight extends SimSubcommand {

        @Override
        public Integer call() {
            Replies.SimWeight w = agent("sim remove-weight", ControlClient::simUnload);
            emit(w, text(w));
            return ExitCodes.OK;
        }
    }
}
