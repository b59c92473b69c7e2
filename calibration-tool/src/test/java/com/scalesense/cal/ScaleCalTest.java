package com.scalesense.cal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line itself, with no agent running: parsing, validation, help, exit codes. */
class ScaleCalTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path stateDir;

    private Cli.Result run(String... args) {
        return new Cli(stateDir).run(args);
    }

    @Test
    void rejects_a_keg_type_outside_the_table_naming_the_field_and_the_allowed_values() {
        Cli.Result r = run("keg", "assign", "--type", "pony_keg");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--type").contains("keg_type = 'pony_keg'")
                .contains("must be one of half_barrel, quarter_barrel, sixth_barrel, slim_quarter");
    }

    @Test
    void rejects_a_specific_gravity_out_of_range_naming_the_option_and_the_range() {
        Cli.Result r = run("keg", "assign", "--type", "half_barrel", "--sg", "2");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--sg = '2': must be in 0.9..1.2");
    }

    @Test
    void rejects_a_keg_id_that_is_not_like_seed_000s_truncating_a_long_value() {
        Cli.Result r = run("keg", "assign", "--type", "half_barrel", "--keg-id", "keg-" + "x".repeat(200));

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--keg-id = 'keg-xxxx").contains("…'").contains("must be like keg-20260318-007")
                .doesNotContain("x".repeat(60));
    }

    @Test
    void rejects_a_beer_that_is_not_a_beer_library_id_naming_the_option_and_the_rule_before_asking_the_agent() {
        // the beer's display name where its id belongs
        Cli.Result r = run("keg", "assign", "--type", "half_barrel", "--beer", "Guinness Draught");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--beer = 'Guinness Draught': must be 1..64 lower-case words joined by '-', "
                + "e.g. guinness-draught").doesNotContain("does not answer");
    }

    @Test
    void rejects_a_negative_calibration_point_before_talking_to_the_agent() {
        Cli.Result r = run("calibrate", "--point", "-5", "--point", "20");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--point = '-5': must be in 0..10000").doesNotContain("does not answer");
    }

    @Test
    void rejects_an_unknown_option_with_exit_2() {
        Cli.Result r = run("status", "--colour");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--colour");
    }

    @Test
    void a_measuring_command_without_agent_exits_3_with_a_json_error_on_stdout() throws Exception {
        Cli.Result r = run("zero", "--json");

        assertThat(r.exit()).isEqualTo(ExitCodes.AGENT_UNREACHABLE);
        JsonNode error = JSON.readTree(r.out());
        assertThat(error.path("ok").asBoolean()).isFalse();
        assertThat(error.path("error").path("code").asText()).isEqualTo("agent_unreachable");
        assertThat(error.path("error").path("exit").asInt()).isEqualTo(3);
        assertThat(r.err()).contains(stateDir.resolve("control.sock").toString());
    }

    @Test
    void json_before_the_command_name_works_as_after_it() throws Exception {
        Cli.Result r = run("--json", "zero");

        assertThat(JSON.readTree(r.out()).path("error").path("code").asText()).isEqualTo("agent_unreachable");
    }

    @Test
    void status_without_agent_and_without_stores_exits_3_and_says_where_it_looked() {
        Cli.Result r = run("status");

        assertThat(r.exit()).isEqualTo(ExitCodes.AGENT_UNREACHABLE);
        assertThat(r.err()).contains("no NVS store at " + stateDir.resolve("nvs.db"));
        assertThat(stateDir.resolve("nvs.db")).doesNotExist();
    }

    @Test
    void help_lists_every_command_the_exit_codes_and_examples() {
        Cli.Result r = run("--help");

        assertThat(r.exit()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("status", "read", "zero", "calibrate", "keg", "history", "record", "selftest",
                "generate-completion", "Exit codes:", "busy: the stores are locked", "141", "stdout was closed", "Examples:",
                "scale-cal calibrate --point 0 --point 20 --yes");
    }

    @Test
    void each_command_has_help_with_examples() {
        for (String command : new String[] {"status", "read", "zero", "calibrate", "history", "record", "selftest"}) {
            assertThat(run(command, "--help").out()).as(command).contains("Examples:", "scale-cal " + command);
        }
        assertThat(run("keg", "assign", "--help").out()).contains("half_barrel, quarter_barrel")
                .contains("--beer=BEER_ID").contains("scale-cal keg assign --beer guinness-draught --type half_barrel")
                .contains("seeds/beers.json").contains("--full");
        assertThat(run("keg", "tare-full", "--help").out()).contains("unless a keg is assigned")
                .contains("scale-cal keg assign --type half_barrel");
    }

    @Test
    void generates_a_bash_completion_script_that_knows_the_commands_and_keg_types() {
        Cli.Result r = run("generate-completion");

        assertThat(r.exit()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("complete -F").contains("scale-cal").contains("tare-empty")
                .contains("slim_quarter").contains("--beer");
    }

    @Test
    void read_count_0_is_refused_instead_of_meaning_forever() {
        // issue 14: --count 0 silently meant "run until interrupted"
        Cli.Result r = run("read", "--count", "0");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--count = '0': must be at least 1").doesNotContain("does not answer");
    }

    @Test
    void a_usage_error_with_json_prints_the_error_object_on_stdout() throws Exception {
        // issue 14: calibration.md promised {"ok":false,...} on stdout, but parse errors printed nothing there
        for (String[] line : new String[][] {{"--json", "status", "--colour"}, {"calibrate", "--point", "-5", "--json"},
            {"--json", "read", "--count", "0"}}) {
            Cli.Result r = run(line);

            assertThat(r.exit()).as(String.join(" ", line)).isEqualTo(ExitCodes.USAGE);
            JsonNode error = JSON.readTree(r.out());
            assertThat(error.path("ok").asBoolean(true)).isFalse();
            assertThat(error.path("error").path("code").asText()).isEqualTo("usage");
            assertThat(error.path("error").path("exit").asInt()).isEqualTo(2);
            assertThat(error.path("error").path("message").asText()).isNotBlank();
        }
        assertThat(run("status", "--colour").out()).as("without --json stdout stays empty").isEmpty();
    }

    @Test
    void a_config_named_by_the_option_that_cannot_be_read_exits_78_naming_the_path_and_the_cause() throws Exception {
        // issue 14: an unreadable --config was silently replaced by defaults (the wrong state dir)
        Path missing = stateDir.resolve("missing.conf");
        Path directory = Files.createDirectory(stateDir.resolve("conf.d"));

        Cli.Result absent = new Cli(stateDir, missing).run("--json", "status");
        Cli.Result unreadable = new Cli(stateDir, directory).run("status");

        assertThat(absent.exit()).isEqualTo(ExitCodes.CONFIG);
        assertThat(absent.err()).isEqualTo("scale-cal: config " + missing + ": does not exist\n");
        assertThat(JSON.readTree(absent.out()).path("error").path("code").asText()).isEqualTo("config_unreadable");
        assertThat(unreadable.exit()).isEqualTo(ExitCodes.CONFIG);
        assertThat(unreadable.err()).isEqualTo("scale-cal: config " + directory + ": is a directory\n");
    }

    @Test
    void record_into_tmp_is_refused_before_the_agent_is_asked_and_says_where_to_write() {
        // issue 14: the agent (PrivateTmp=yes) wrote /tmp/... into its own private /tmp and reported success
        for (String out : new String[] {"/tmp/pour.trace", "/var/tmp/x/pour.trace", "/var/lib/../tmp/pour.trace"}) {
            Cli.Result r = run("record", "--out", out);

            assertThat(r.exit()).as(out).isEqualTo(ExitCodes.USAGE);
            assertThat(r.err()).contains("--out = '" + out + "': must not be under /tmp or /var/tmp")
                    .contains("PrivateTmp=yes").contains(stateDir.resolve("pour.trace").toString())
                    .doesNotContain("does not answer");
        }
    }

    @Test
    void sim_put_weight_beyond_the_simulated_cell_is_a_usage_error_before_the_agent_is_asked() {
        Cli.Result r = run("sim", "put-weight", "250");

        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("KG = '250': must be in 0..200").doesNotContain("does not answer");
    }

    @Test
    void version_is_the_build_version_also_outside_the_jar() {
        // the manifest is only in the packaged jar: run from classes it said "development build"
        Cli.Result r = run("--version");

        assertThat(r.exit()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).matches("scale-cal \\d+\\.\\d+\\.\\d+\\S*\\R");
    }
}
