package com.scalesense.agent.boot.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The benchmark's baselines: a JVM with the agent's flags that writes one line and then idles, or, given
 * a period in milliseconds, wakes once a period and does nothing else: the wake-ups a 10 SPS sampler
 * cannot avoid (the HX711 has a conversion ready every 100 ms at 10 SPS, datasheet: RATE low), with
 * none of the agent's work.
 */
public final class IdleJvm {

    private IdleJvm() {
    }

    public static void main(String[] args) throws Exception {
        Files.writeString(Path.of(args[0]), "up\n");
        if (args.length < 2) {
            Thread.sleep(Long.MAX_VALUE);
        }
        long periodMs = Long.parseLong(args[1]);
        while (!Thread.currentThread().isInterrupted()) {
            Thread.sleep(periodMs);
        }
    }
}
