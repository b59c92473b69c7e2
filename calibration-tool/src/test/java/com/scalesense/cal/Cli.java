package com.scalesense.cal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Runs {@code scale-cal} in process as a technician would type it, with captured stdout/stderr,
 * a scripted stdin, a fixed clock (2026-11-22T03:00:00Z) and seeded randomness; every command
 * points at {@code stateDir} and an empty config file (defaults).
 */
final class Cli {

    static final Instant NOW = Instant.parse("2026-11-22T03:00:00Z");

    private final Path stateDir;
    private final Path config;

    Cli(Path stateDir) {
        this(stateDir, stateDir.resolve("empty.conf"));
        try {
            Files.writeString(config, "# every key at its default\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every command with {@code --config config}. */
    Cli(Path stateDir, Path config) {
        this.stateDir = stateDir;
        this.config = config;
    }

    /** The outcome of one run. */
    record Result(int exit, String out, String err) {
        List<String> outLines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }
    }

    Result run(String... args) {
        return run(new StringReader(""), args);
    }

    /** Runs with {@code stdin} as the technician's answers. */
    Result run(Reader stdin, String... args) {
        StringWriter out = new StringWriter();
        Result r = run(stdin, new PrintWriter(out, true), args);
        return new Result(r.exit(), out.toString(), r.err());
    }

    /** Runs with stdout going to {@code out} (a pipe, say); the result's {@code out} is empty. */
    Result run(Reader stdin, PrintWriter out, String... args) {
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--config", config.toString(),
                "--state-dir", stateDir.toString()));
        all.addAll(List.of(args));
        CliContext context = new CliContext(out, new PrintWriter(err, true),
                new BufferedReader(stdin), false, Clock.fixed(NOW, ZoneOffset.UTC), new Random(5), Map.of(), 4242);
        int exit = ScaleCal.run(context, all.toArray(String[]::new));
        return new Result(exit, "", err.toString());
    }
}
