package com.scalesense.hal.hx711.bench;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.util.Statistics;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.Collection;
import java.util.Locale;

/**
 * Runs {@link Hx711ReadBenchmark} with JMH (command-line options pass through, e.g.
 * {@code -f 1 -wi 3 -i 5}) and prints the driver's cost per sample (median, 90th percentile,
 * mean; nanoseconds) beside the baseline measured in the same run, and their ratios.
 */
public final class Hx711BenchMain {

    private Hx711BenchMain() {
    }

    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        String[] withFilter = new String[args.length + 1];
        withFilter[0] = Hx711ReadBenchmark.class.getSimpleName();
        System.arraycopy(args, 0, withFilter, 1, args.length);
        Collection<RunResult> results = new Runner(new CommandLineOptions(withFilter)).run();
        Statistics driver = statistics(results, "driverSample");
        Statistics baseline = statistics(results, "bareBitBang");
        System.out.printf(Locale.ROOT, "%-9s %12s %12s %12s%n", "ns/sample", "median", "p90", "mean");
        print("driver", driver);
        print("baseline", baseline);
        System.out.printf(Locale.ROOT, "driver/baseline median %.2f, mean %.2f%n",
                driver.getPercentile(50) / baseline.getPercentile(50), driver.getMean() / baseline.getMean());
    }

    private static void print(String name, Statistics statistics) {
        System.out.printf(Locale.ROOT, "%-9s %12.1f %12.1f %12.1f%n", name, statistics.getPercentile(50),
                statistics.getPercentile(90), statistics.getMean());
    }

    private static Statistics statistics(Collection<RunResult> results, String benchmark) {
        return results.stream()
                .filter(r -> r.getParams().getBenchmark().endsWith("." + benchmark))
                .map(r -> r.getPrimaryResult().getStatistics())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no result for " + benchmark));
    }
}
