package com.scalesense.agent.boot.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The benchmark's baselines: a JVM with the agent's flags that writes one line and then idles, or, given
 * a period in milliseconds, has a scheduled task run once a period that does nothing else: the wake-ups
 * a 10 SPS sampler cannot avoid (the HX711 has a conversion ready every 100 ms at 10 SPS, datasheet:
 * RATE low), with none of the agent's work. Either way its main thread waits for a count that never
 * comes: the benchmark ends the process.
 */
public final class IdleJvm {

    private IdleJvm() {
    }

    public static void main(String[] args) throws Exception {
        Files.writeString(Path.of(args[0]), "up\n");
        if (args.length > 1) {
            ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
            long periodMs = Long.parseLong(args[1]);
            ticks.scheduleAtFixedRate(() -> { }, periodMs, periodMs, TimeUnit.MILLISECONDS);
        }
        new CountDownLatch(1).await();
    }
}
