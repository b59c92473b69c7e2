package com.scalesense.cal.command;

import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Checks of option values picocli's types cannot express; a failure is a usage error (exit 2). */
final class Arguments {

    /** Longest value echoed back in a message. */
    private static final int MAX_ECHO = 40;

    private Arguments() {
    }

    static void inRange(CommandSpec spec, String option, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw usage(spec, option, format(value), "must be in " + format(min) + ".." + format(max));
        }
    }

    /** A count with a lower bound only: the rule says so, not a range up to {@code Long.MAX_VALUE}. */
    static void atLeast(CommandSpec spec, String option, long value, long min) {
        if (value < min) {
            throw usage(spec, option, Long.toString(value), "must be at least " + min);
        }
    }

    /** A usage error naming the option, the value (truncated) and the rule. */
    static CommandLine.ParameterException usage(CommandSpec spec, String option, String value, String rule) {
        String shown = value.length() > MAX_ECHO ? value.substring(0, MAX_ECHO) + "…" : value;
        return new CommandLine.ParameterException(spec.commandLine(), option + " = '" + shown + "': " + rule);
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
