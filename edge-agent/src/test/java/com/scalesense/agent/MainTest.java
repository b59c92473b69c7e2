package com.scalesense.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {

    @TempDir
    Path dir;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void invalid_config_exits_78_listing_every_error_and_starts_nothing() throws Exception {
        Path conf = dir.resolve("agent.conf");
        Files.writeString(conf, "state.dir = " + dir.resolve("state") + "\ndevice.device_id = scale-42\n");

        int status = Main.run(new String[] {"--config", conf.toString()}, Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(Main.EXIT_CONFIG);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("device.device_id = 'scale-42' (agent.conf line 2): must be like SCALE-0042")
                .contains("device.hardware_id = '' (default)")
                .contains("device.tap_id");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void speed_without_simulate_is_a_usage_error() throws Exception {
        int status = Main.run(new String[] {"--speed", "10"}, Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--speed needs --simulate").contains("usage:");
    }

    @Test
    void unknown_flag_is_named() throws Exception {
        int status = Main.run(new String[] {"--simluate"}, Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown argument '--simluate'");
    }
}
