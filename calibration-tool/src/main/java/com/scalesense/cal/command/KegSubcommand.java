package com.scalesense.cal.command;

import com.scalesense.cal.ScaleCal;
import com.scalesense.cal.ScaleCommand;
import picocli.CommandLine.ParentCommand;

/** A command under {@code keg}. */
abstract class KegSubcommand extends ScaleCommand {

    @ParentCommand
    private KegCommand keg;

    @Override
    protected ScaleCal root() {
        return keg.scaleCal();
    }
}
