package com.scalesense.agent.pipeline.bench;

import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.TemperatureProfile;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Accuracy benchmark (not a test): many simulated keg lives through the real pipeline, scored
 * against their truth. See docs/accuracy.md for the command, the lives and the figures.
 *
 * <p>Options: {@code --lives N} (default 40), {@code --seed S} (default 20261122), {@code --threads T}
 * (default 2).
 */
public final class AccuracyBenchmark {

    /** Seed 000 beers: Coors Light 1.007, Modelo 1.010, Sierra Nevada 1.012, Lagunitas 1.013, Guinness 1.014. */
    static final double[] GRAVITIES = {1.007, 1.010, 1.012, 1.013, 1.014};
    /** Seed 000 keg types: name, gallons, empty lbs (the simulator's shells start from these). */
    static final Object[][] KEG_TYPES = {
            {"half_barrel", 15.5, 29.0}, {"quarter_barrel", 7.75, 22.0}, {"sixth_barrel", 5.17, 16.5}, {"slim_quarter", 7.75, 20.0}};

    private AccuracyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int lives = intOption(args, "--lives", 40);
        long seed = intOption(args, "--seed", 20261122);
        int threads = intOption(args, "--threads", 2);
        PrintStream out = System.out;
        List<SimulatedKegLife> plan = plan(lives, seed);
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Score>> futures = new ArrayList<>();
        for (SimulatedKegLife life : plan) {
            futures.add(pool.submit(() -> {
                SimulatedKegLife.Result r = life.run(PipelineConfig.defaults());
                return Scorer.score(r.truth(), r.recorder().readings(), r.recorder().events());
            }));
        }
        Score at10 = new Score();
        Score at80 = new Score();
        for (int i = 0; i < plan.size(); i++) {
            (plan.get(i).rate() == SampleRate.SPS_10 ? at10 : at80).add(futures.get(i).get());
        }
        pool.shutdown();
        Score all = new Score().add(at10).add(at80);
        out.printf(Locale.ROOT, "accuracy benchmark: %d simulated keg lives, seed %d, %.1f s wall%n", lives, seed,
                (System.nanoTime() - t0) / 1e9);
        ScoreTable.print(out, List.of("10 SPS", "80 SPS", "all"), List.of(at10, at80, all));
    }

    /** Lives alternate 10/80 SPS; every fourth has a board 3x noisier than the datasheet; half have a thermometer. */
    static List<SimulatedKegLife> plan(int lives, long seed) {
        List<KegSpec> kegs = new ArrayList<>();
        for (Object[] t : KEG_TYPES) {
            for (double sg : GRAVITIES) {
                kegs.add(new KegSpec((String) t[0], (double) t[2] * 0.45359237, (double) t[1], sg));
            }
        }
        Random r = new Random(seed);
        List<SimulatedKegLife> plan = new ArrayList<>();
        for (int i = 0; i < lives; i++) {
            TemperatureProfile temp = new TemperatureProfile(2 + r.nextDouble() * 3, 1 + r.nextDouble() * 2,
                    1200 + r.nextDouble() * 1200, 1, r.nextDouble() * 6.28);
            plan.add(new SimulatedKegLife(seed + i, i % 2 == 0 ? SampleRate.SPS_10 : SampleRate.SPS_80,
                    i % 4 == 3 ? 3.0 : 1.0, temp, i % 4 < 2, kegs));
        }
        return plan;
    }

    private static int intOption(String[] args, String name, int dflt) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return dflt;
    }
}
