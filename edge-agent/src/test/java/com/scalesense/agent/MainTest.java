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

        int status = Main.run(new String[] {"--config", conf.toString()}, Map.of(), System.out, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(Main.EXIT_CONFIG);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("device.device_id = 'scale-42' (agent.conf line 2): must be like SCALE-0042")
                .contains("device.hardware_id = '' (default)")
                .contains("device.tap_id");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void speed_without_simulate_is_a_usage_error() throws Exception {
        int status = Main.run(new String[] {"--speed", "10"}, Map.of(), System.out, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--speed needs --simulate").contains("usage:");
    }

    @Test
    void bar_without_simulate_is_a_usage_error_and_a_bar_that_is_not_real_or_none_is_a_config_error() throws Exception {
        // issue 12: --simulate ran an undisturbed bar only; --bar real runs the real bar's disturbances
        assertThat(run("--bar", "real")).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--bar needs --simulate");

        Path conf = dir.resolve("agent.conf");
        Files.writeString(conf, "state.dir = " + dir.resolve("state") + "\n");
        assertThat(run("--config", conf.toString(), "--simulate", "--bar", "busy")).isEqualTo(Main.EXIT_CONFIG);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("simulate.bar = 'busy' (flag --bar): must be one of none, real");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void unknown_flag_is_named() throws Exception {
        int status = Main.run(new String[] {"--simluate"}, Map.of(), System.out, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown argument '--simluate'");
    }

    @Test
    void cds_training_needs_simulate_and_an_explicit_config_so_it_never_runs_on_a_real_agents_state() throws Exception {
        // issue 18: --dump-cds's class-list run; without --config it would use /etc's state.dir
        assertThat(run("--simulate", "--cds-training")).isEqualTo(Main.EXIT_USAGE);
        assertThat(run("--cds-training", "--config", "/nonexistent/agent.conf")).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--cds-training needs --simulate and --config (a scratch state.dir)");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("cds-training-broker"));
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private int run(String... args) throws InterruptedException {
        return Main.run(args, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void help_prints_the_usage_and_every_flag_on_stdout_and_starts_nothing() throws Exception {
        // issue 14: --help was "unknown argument"
        assertThat(run("--help")).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("usage: scale-agent")
                .contains("--config PATH", "--simulate", "--speed N", "--bar real|none", "--log-timestamps", "--version",
                        "78 invalid configuration");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void version_prints_the_build_version_even_beside_other_flags() throws Exception {
        // issue 14: --version was "unknown argument"
        assertThat(run("--simulate", "--version")).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8)).matches("scale-agent \\d+\\.\\d+\\.\\d+\\S*\\R");
    }

    @Test
    void a_config_path_that_cannot_be_read_exits_78_with_one_line_naming_it_and_the_cause() throws Exception {
        // issue 14: an unreadable --config gave a Java exception's toString
        Path directory = Files.createDirectory(dir.resolve("agent.conf.d"));

        assertThat(run("--simulate", "--config", directory.toString())).isEqualTo(Main.EXIT_CONFIG);

        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("scale-agent: invalid configuration: --config = '"
                + directory + "' (command line): the config file cannot be read: is a directory\n");
    }

    @Test
    void a_state_dir_that_cannot_be_used_exits_78_naming_the_key_before_anything_starts() throws Exception {
        // issue 14: an unusable state dir ended in a stack trace from the store that first touched it
        Path file = Files.writeString(dir.resolve("state"), "not a directory");
        Path conf = Files.writeString(dir.resolve("agent.conf"), "state.dir = " + file + "\n");

        assertThat(run("--simulate", "--config", conf.toString())).isEqualTo(Main.EXIT_CONFIG);

        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("scale-agent: invalid configuration: state.dir = '"
                + file + "' (agent.conf line 1): must be a directory; " + file + " is a file\n");
    }

    @Test
    void replay_is_a_subcommand_that_needs_no_config_and_the_agent_flags_are_no_subcommand() throws Exception {
        // given the technician's replay command line without its files (guards issue 12: the replay
        // runs from the agent jar on the scale, and --simulate still starts the agent)
        ByteArrayOutputStream replayOut = new ByteArrayOutputStream();

        // when the jar's first argument is replay
        OptionalInt status = Main.subcommand(new String[] {"replay", "--truth", "t.csv"},
                new PrintStream(replayOut, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        // then the replay command answers with its usage, and agent flags are left to the agent
        assertThat(status).hasValue(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("scale-agent replay: --trace and --out are required")
                .contains("usage: scale-agent replay --trace");
        assertThat(Main.subcommand(new String[] {"--simulate"}, System.out, System.err)).isEmpty();
    }
}
