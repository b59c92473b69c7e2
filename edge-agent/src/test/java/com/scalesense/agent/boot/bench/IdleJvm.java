package com.scalesense.agent.boot.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/** The benchmark's baseline: a JVM with the agent's flags that writes one line and then idles. */
public final class IdleJvm {

    private IdleJvm() {
    }

    public static void main(String[] args) throws Exception {
        Files.writeString(Path.of(args[0]), "up\n");
        Thread.sleep(Long.MAX_VALUE);
    }
}
