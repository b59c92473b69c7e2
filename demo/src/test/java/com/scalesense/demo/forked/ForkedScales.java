package com.scalesense.demo.forked;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.demo.scale.SimClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The forked scales of one test and their lives: each is started, SIGKILLed at seeded random
 * moments and restarted, all at once (one thread per scale); {@link #close} ends every process
 * still running, whatever happened, and so does a shutdown hook if the test JVM exits first.
 */
public final class ForkedScales implements AutoCloseable {

    /** Longest a boot may take from start to its first accepted record (JVM start on 2 shared cores). */
    private static final Duration BOOT_LIMIT = Duration.ofSeconds(60);
    /**
     * A hang guard on a whole life (every boot and kill, then the run until it has done enough): a
     * healthy life takes about a minute here; a busy machine may stretch it, it must not fail it.
     */
    private static final Duration LIFE_LIMIT = Duration.ofMinutes(10);
    /** A kill lands this long (real ms) after the boot's first accepted record, plus up to KILL_SPREAD_MS. */
    private static final int KILL_AFTER_MS = 300;
    private static final int KILL_SPREAD_MS = 3_700;

    private final List<ForkedScale> scales = new CopyOnWriteArrayList<>();
    private final Map<ForkedScale, Integer> kills = new ConcurrentHashMap<>();
    private final Map<ForkedScale, Integer> killsAtPublish = new ConcurrentHashMap<>();
    private final Map<ForkedScale, Integer> exitStatus = new ConcurrentHashMap<>();

    /** Ends the agents if the test JVM itself is stopped mid-test (a failsafe timeout, Ctrl-C). */
    private final Thread onJvmExit = new Thread(this::destroyAll, "forked-scales-cleanup");

    public ForkedScales() {
        Runtime.getRuntime().addShutdownHook(onJvmExit);
    }

    public void add(ForkedScale scale) {
        scales.add(scale);
    }

    public List<ForkedScale> all() {
        return List.copyOf(scales);
    }

    /** SIGKILLs the scale took. */
    public int kills(ForkedScale scale) {
        return kills.getOrDefault(scale, 0);
    }

    /** SIGKILLs that landed as one of the scale's batches reached the broker. */
    public int killsAtPublish(ForkedScale scale) {
        return killsAtPublish.getOrDefault(scale, 0);
    }

    /** Exit status of the graceful stop. */
    public int exitStatus(ForkedScale scale) {
        return exitStatus.get(scale);
    }

    /**
     * Lives every scale's life at once: {@code kills.get(i)} times started, run until it accepted a
     * record, then SIGKILLed at a moment the seed picks: either a random 0.3-4 s later, or as soon
     * as the {@code observer} sees the next of its batches at the broker (the agent may not have
     * had the PUBACK yet, so the next boot may publish the batch again); finally started once more
     * and run until {@code world} reaches {@code endMs} and the scale has done {@code enough}. The
     * world runs on real time, so a slow machine spends more of it starting JVMs: {@code enough}
     * (a count of accepted readings and pours, say) keeps what a life must have done independent of
     * the machine's speed.
     */
    public void live(List<Integer> killCounts, long seed, SimClock world, long endMs, BatchObserver observer,
                     Predicate<ForkedScale> enough)
            throws InterruptedException, ExecutionException, TimeoutException {
        ExecutorService pool = Executors.newFixedThreadPool(scales.size());
        try {
            Random seeds = new Random(seed);
            List<Future<?>> lives = new ArrayList<>();
            for (int i = 0; i < scales.size(); i++) {
                ForkedScale scale = scales.get(i);
                int n = killCounts.get(i);
                Random random = new Random(seeds.nextLong());
                lives.add(pool.submit(() -> {
                    life(scale, n, random, world, endMs, observer, enough);
                    return null;
                }));
            }
            // lives run at once: each wait is a hang guard, the first one covers nearly all of it
            for (Future<?> life : lives) {
                life.get(LIFE_LIMIT.toNanos(), TimeUnit.NANOSECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void life(ForkedScale scale, int n, Random random, SimClock world, long endMs, BatchObserver observer,
                      Predicate<ForkedScale> enough) throws InterruptedException {
        String device = scale.tap().deviceId();
        for (int k = 0; k < n; k++) {
            bootUntilRecording(scale);
            if (random.nextBoolean()) {
                long seen = observer.publishes(device);
                await(device + " publishing a batch").atMost(BOOT_LIMIT).pollInterval(Duration.ofMillis(5))
                        .failFast(() -> !scale.alive()).until(() -> observer.publishes(device) > seen);
                killsAtPublish.merge(scale, 1, Integer::sum);
            } else {
                boolean exited = scale.exitedWithin(KILL_AFTER_MS + random.nextInt(KILL_SPREAD_MS));
                assertThat(exited).as("%s exited by itself before kill %d; see %s", device, k + 1,
                        scale.dir().resolve("agent.log")).isFalse();
            }
            scale.kill();
            kills.merge(scale, 1, Integer::sum);
        }
        bootUntilRecording(scale);
        await(scale.tap().deviceId() + " running until the world's end and enough done").atMost(LIFE_LIMIT)
                .pollInterval(Duration.ofMillis(200)).failFast(() -> !scale.alive())
                .until(() -> world.millis() >= endMs && enough.test(scale));
    }

    /** Starts a boot and waits until it has accepted a record (a boot id the log had not shown). */
    private static void bootUntilRecording(ForkedScale scale) {
        int before = scale.bootIds().size();
        scale.start();
        await(scale.tap().deviceId() + " boot " + (before + 1) + " accepting records").atMost(BOOT_LIMIT)
                .pollInterval(Duration.ofMillis(100)).failFast(() -> !scale.alive())
                .until(() -> scale.bootIds().size() > before);
    }

    /** SIGTERM to every scale at once (systemctl stop), each then waited for. */
    public void terminateAll() throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(scales.size());
        try {
            List<Future<Integer>> stops = new ArrayList<>();
            scales.forEach(s -> stops.add(pool.submit(s::terminate)));
            for (int i = 0; i < scales.size(); i++) {
                try {
                    exitStatus.put(scales.get(i), stops.get(i).get(90, TimeUnit.SECONDS));
                } catch (ExecutionException | TimeoutException e) {
                    throw new IllegalStateException(scales.get(i).tap().deviceId() + " did not stop gracefully", e);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    public void close() {
        destroyAll();
        try {
            Runtime.getRuntime().removeShutdownHook(onJvmExit);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs (or ran) destroyAll itself
        }
    }

    private void destroyAll() {
        scales.forEach(ForkedScale::close);
    }
}
