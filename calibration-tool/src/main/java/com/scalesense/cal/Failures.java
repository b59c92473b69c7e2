package com.scalesense.cal;

import com.scalesense.cal.output.Json;
import picocli.CommandLine;

/**
 * Turns a command's failure into its exit status and a message: {@code scale-cal: ...} on
 * stderr, and with {@code --json} also the error object on stdout so a script reading stdout
 * sees why. Failures we do not know are internal (exit 5) and keep their stack trace on stderr.
 */
final class Failures implements CommandLine.IExecutionExceptionHandler {

    private final CliContext context;

    Failures(CliContext context) {
        this.context = context;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean json = cl.getCommand() instanceof ScaleCommand command && command.json();
        int exit;
        String code;
        if (e instanceof CalException c) {
            exit = c.exitCode();
            code = c.code();
            context.err().println("scale-cal: " + c.getMessage());
        } else {
            exit = ExitCodes.INTERNAL;
            code = "internal";
            context.err().println("scale-cal: internal error: " + e);
            e.printStackTrace(context.err());
        }
        if (json) {
            context.out().println(Json.error(code, String.valueOf(e.getMessage()), exit));
        }
        context.out().flush();
        context.err().flush();
        return exit;
    }
}
