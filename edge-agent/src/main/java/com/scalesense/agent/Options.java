package com.scalesense.agent;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The command line of {@link Main}; an unknown or incomplete flag is refused with its name.
 *
 * @param help    {@code --help} / {@code -h}: print the usage and exit 0, starting nothing
 * @param version {@code --version} / {@code -V}: print the version and exit 0, starting nothing
 * @param cdsTraining hidden {@code --cds-training} (with {@code --simulate} and {@code --config}):
 *                the simulation talks to an in-process stand-in broker ({@code TrainingBroker}) so
 *                that {@code scale-agent --dump-cds} lists the online path's classes too (issue 18)
 */
record Options(Optional<Path> config, boolean simulate, Optional<String> speed, Optional<String> bar,
               boolean logTimestamps, boolean help, boolean version, boolean cdsTraining) {

    static Options parse(String[] args) {
        for (String arg : args) {
            // as GNU tools do: asking for help or the version wins over any other argument
            if (arg.equals("--help") || arg.equals("-h")) {
                return new Options(Optional.empty(), false, Optional.empty(), Optional.empty(), false, true, false, false);
            }
            if (arg.equals("--version") || arg.equals("-V")) {
                return new Options(Optional.empty(), false, Optional.empty(), Optional.empty(), false, false, true, false);
            }
        }
        Optional<Path> config = Optional.empty();
        Optional<String> speed = Optional.empty();
        Optional<String> bar = Optional.empty();
        boolean simulate = false;
        boolean stamps = false;
        boolean training = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--config" -> config = Optional.of(Path.of(value(args, ++i, "--config")));
                case "--simulate" -> simulate = true;
                case "--speed" -> speed = Optional.of(value(args, ++i, "--speed"));
                case "--bar" -> bar = Optional.of(value(args, ++i, "--bar"));
                case "--log-timestamps" -> stamps = true;
                case "--cds-training" -> training = true;
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
            }
        }
        if (speed.isPresent() && !simulate) {
            throw new IllegalArgumentException("--speed needs --simulate (real hardware runs in real time)");
        }
        if (bar.isPresent() && !simulate) {
            throw new IllegalArgumentException("--bar needs --simulate (a real scale stands in a real bar)");
        }
        if (training && (!simulate || config.isEmpty())) {
            // --config too: without it the default file's state.dir would be a real agent's
            throw new IllegalArgumentException("--cds-training needs --simulate and --config (a scratch state.dir)");
        }
        return new Options(config, simulate, speed, bar, stamps, false, false, training);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[i];
    }
}
