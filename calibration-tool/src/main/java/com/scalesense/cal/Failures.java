package com.scalesense.cal;

import com.scalesense.cal.output.Json;
import java.util.Arrays;
import picocli.CommandLine;

/**
 * Turns a command's failure into its exit status and a message: {@code scale-cal: ...} on
 * stderr, and with {@code --json} also the error object on stdout so a script reading stdout
 * sees why. Failures we do not know are internal (exit 5) and keep their stack trace on stderr.
 */
final class Failures implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    private final CliContext context;

    Failures(CliContext context) {
        this.context = context;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        if (e instanceof StdoutClosedException closed) {
            return closed.exitCode(); // nobody reads stdout any more; stderr stays quiet as after SIGPIPE
        }
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

    /**
     * A command line that breaks a rule (unknown option, bad value, a range checked in a command):
     * the message and a pointer to {@code --help} on stderr, exit {@link ExitCodes#USAGE}; with
     * {@code --json} anywhere on the line also the error object on stdout, as for every other
     * failure. The raw arguments decide, since parsing may have stopped before {@code --json}.
     */
    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        context.err().println("scale-cal: " + e.getMessage());
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, context.err())) {
            context.err().println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for more information.");
        }
        if (Arrays.asList(args).contains("--json")) {
            context.out().println(Json.error("usage", e.getMessage(), ExitCodes.USAGE));
        }
        context.out().flush();
        context.err().flush();
        return ExitCodes.USAGE;
    }
}
