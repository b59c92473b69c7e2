package com.scalesense.cal;

import picocli.CommandLine.ParentCommand;

/** A command directly under {@code scale-cal}. */
public abstract class TopCommand extends ScaleCommand {

    @ParentCommand
    private ScaleCal root;

    @Override
    protected ScaleCal root() {
        return root;
    }
}
