package com.scalesense.hal.hx711.bench;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.Collection;
import java.util.Locale;

/**
 * Runs {@link Hx711ReadBenchmark} with JMH (command-line options pass through, e.g.
 * {@code -f 1 -wi 3 -i 5}) and prints the driver's cost per sample as a ratio to the baseline
 * measured in the same run.
 */
public final class Hx711BenchMain {

    private Hx711BenchMain() {
    }

    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        String[] withFilter = new String[args.length + 1];
        withFilter[0] = Hx711ReadBenchmark.class.getSimpleName();
        System.arraycopy(args, 0, withFilter, 1, args.length);
        Collection<RunResult> results = new Runner(new CommandLineOptions(withFilter)).run();
        double driver = score(results, "driverSample");
        double baseline = score(results, "bareBitBang");
        System.out.printf(Locale.ROOT, "HX711 driver  : %10.1f ns/sample%n", driver);
        System.out.printf(Locale.ROOT, "baseline      : %10.1f ns/sample (same 25 pulses, no timing or checks)%n",
                baseline);
        System.out.printf(Locale.ROOT, "driver/baseline: %9.2f%n", driver / baseline);
    }

    private static double score(Collection<RunResult> results, String benchmark) {
        return results.stream()
                .filter(r -> r.getParams().getBenchmark().endsWith("." + benchmark))
                .mapToDouble(r -> r.getPrimaryResult().getScore())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no result for " + benchmark));
    }
}
