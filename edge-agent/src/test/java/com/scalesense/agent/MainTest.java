package com.scalesense.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
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

    @Test
    void replay_is_a_subcommand_that_needs_no_config_and_the_agent_flags_are_no_subcommand() throws Exception {
        // given the technician's replay command line without its files (guards issue 12: the replay
        // runs from the agent jar on the scale, and --simulate still starts the agent)
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when the jar's first argument is replay
        OptionalInt status = Main.subcommand(new String[] {"replay", "--truth", "t.csv"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        // then the replay command answers with its usage, and agent flags are left to the agent
        assertThat(status).hasValue(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("scale-agent replay: --trace and --out are required")
                .contains("usage: scale-agent replay --trace");
        assertThat(Main.subcommand(new String[] {"--simulate"}, System.out, System.err)).isEmpty();
    }
}
