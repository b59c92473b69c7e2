package com.scalesense.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on {@code java -jar scale-sense-demo.jar --serve}, as a user runs it: the demo jar in its own
 * JVM, stopped by a signal while the evening runs (SIGTERM from {@link ProcessHandle#destroy()}; the JVM
 * runs the same shutdown hooks for SIGINT). Before {@link SignalStop} the JVM halted without
 * closing the scales, the broker, DynamoDB Local or the API server, and printed nothing.
 */
class DemoSignalIT {

    private static final String STOPPED = "Stopped by a signal (Ctrl-C or SIGTERM): scales, broker, DynamoDB Local and API server closed.";

    @TempDir
    Path work;

    @Test
    void a_signal_during_the_evening_closes_everything_before_the_jvm_ends_and_says_so() throws Exception {
        Process demo = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of("target", "scale-sense-demo.jar").toString(), "--serve", "--scales", "1",
                "--faults", "none", "--dynamodb-port", "0", "--api-port", "0",
                "--work-dir", work.resolve("run").toString(), "--chart", work.resolve("levels.svg").toString())
                .redirectErrorStream(true).start();
        List<String> printed = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(demo.getInputStream(),
                StandardCharsets.UTF_8))) {
            // when the page is served and the evening has begun (the demo ends by itself if it never is)
            String line;
            while ((line = out.readLine()) != null && !line.startsWith("Dashboard, live while the evening runs")) {
                printed.add(line);
            }
            assertThat(line).as(String.join("\n", printed)).isNotNull();
            demo.toHandle().destroy(); // SIGTERM; Process.destroy() would also close the output read here
            out.lines().forEach(printed::add);
        }
        int exit = demo.waitFor();

        // (engines closing under a JVM in shutdown may log a warning meanwhile; the main thread must not fail)
        assertThat(printed).as(String.join("\n", printed)).contains(STOPPED)
                .noneMatch(l -> l.startsWith("Exception in thread \"main\""));
        assertThat(exit).isEqualTo(128 + 15); // the signal's status: SIGTERM
    }
}
