package com.scalesense.cal;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.Random;
import java.security.SecureRandom;

/**
 * Everything {@code scale-cal} takes from its surroundings, passed in so tests run the real
 * commands with captured streams, a fixed clock and seeded randomness.
 *
 * @param out      standard output (results)
 * @param err      standard error (notices and errors)
 * @param in       standard input (the technician's answers)
 * @param terminal stdin and stdout are a terminal ({@code System.console()}): {@code read} may redraw
 *                 its line with ANSI codes
 * @param clock    wall clock (ages of stored calibrations, generated keg ids)
 * @param random   randomness of generated keg ids
 * @param env      the environment ({@code SCALE_SENSE_*} overrides, as the agent reads them)
 * @param pid      this process's id, written into the state directory's lock file
 */
public record CliContext(PrintWriter out, PrintWriter err, BufferedReader in, boolean terminal, Clock clock,
                         Random random, Map<String, String> env, long pid) {

    /** The real process: System streams, the system clock, a secure random. */
    public static CliContext system() {
        return new CliContext(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
                System.console() != null, Clock.systemUTC(), new SecureRandom(), System.getenv(),
                ProcessHandle.current().pid());
    }
}
