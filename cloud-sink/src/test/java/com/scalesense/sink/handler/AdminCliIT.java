package com.scalesense.sink.handler;

import com.scalesense.sink.handler.AdminCli;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdminCliIT extends WithLocalDynamo {

    final Clock clock = Clock.fixed(Instant.parse("2026-11-20T12:00:00Z"), ZoneOffset.UTC);
    final ByteArrayOutputStream printed = new ByteArrayOutputStream();


    @Test
    void seeds_then_creates_lists_and_revokes_an_api_key_printing_the_raw_key_once() {
        TableNames names = dynamo.freshTables();
        AdminCli cli = cli(Map.of("SCALESENSE_TABLE_PREFIX", names.prefix(), "API_KEY_PEPPER", "pepper-0123456789abcdef"));

        assertThat(cli.run(new String[] {"seed", "../seeds"})).isZero();
        assertThat(cli.run(new String[] {"api-key", "create", "loc-001,loc-002", "bar", "tablets"})).isZero();
        String keyId = output().lines().filter(l -> l.startsWith("key_id")).findFirst().orElseThrow().split("\\s+")[1];
        assertThat(cli.run(new String[] {"api-key", "create"})).isEqualTo(2);
        assertThat(cli.run(new String[] {"api-key", "revoke", keyId})).isZero();
        assertThat(cli.run(new String[] {"api-key", "list"})).isZero();

        assertThat(output()).contains("seeded: 48 items written, 0 already there")
                .containsPattern("api_key [0-9a-f]{64} ")
                .contains("error: loc_ids")
                .contains("revoked " + keyId)
                .contains("key_id  " + keyId + "  locations loc-001,loc-002")
                .containsPattern(keyId + "  2026-11-20T12:00:00Z  revoked  last_used=null  locations=loc-001,loc-002  bar tablets");
    }

    @Test
    void serve_api_answers_the_dashboard_of_a_key_s_location_on_loopback() throws Exception {
        TableNames names = dynamo.freshTables();
        Map<String, String> env = Map.of("SCALESENSE_TABLE_PREFIX", names.prefix(), "API_KEY_PEPPER", "pepper-0123456789abcdef");
        cli(env).run(new String[] {"seed", "../seeds"});
        cli(env).run(new String[] {"api-key", "create", "loc-001", "bar"});
        String key = output().lines().filter(l -> l.startsWith("api_key")).findFirst().orElseThrow().split("\\s+")[1];
        java.util.List<Integer> statuses = new java.util.ArrayList<>();
        var http = java.net.http.HttpClient.newHttpClient();

        int exit = new AdminCli(dynamo.client(), env, clock, new PrintStream(printed, true, StandardCharsets.UTF_8), server -> {
            try {
                for (String loc : new String[] {"loc-001", "loc-002"}) {
                    statuses.add(http.send(java.net.http.HttpRequest.newBuilder(server.uri().resolve("v1/locations/" + loc + "/dashboard"))
                            .header("x-api-key", key).timeout(java.time.Duration.ofSeconds(30)).build(),
                            java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode());
                }
            } catch (java.io.IOException | InterruptedException e) {
                throw new AssertionError(e);
            }
        }).run(new String[] {"serve-api", "0"});

        assertThat(exit).isZero();
        assertThat(statuses).containsExactly(200, 403);
        assertThat(output()).containsPattern("API on http://127\\.0\\.0\\.1:[0-9]+/v1/locations/<loc_id>/dashboard");
        assertThat(cli(env).run(new String[] {"serve-api", "http"})).isEqualTo(2);
    }

    @Test
    void creates_a_tap_registers_a_scale_and_assigns_a_keg() {
        TableNames names = dynamo.freshTables();
        AdminCli cli = cli(Map.of("SCALESENSE_TABLE_PREFIX", names.prefix()));
        cli.run(new String[] {"seed", "../seeds"});

        assertThat(cli.run(new String[] {"tap", "create", "loc-001", "05", "Tap 5"})).isZero();
        assertThat(cli.run(new String[] {"device", "register", "SCALE-0005", "B8:27:EB:00:00:05", "loc-001", "05"})).isZero();
        assertThat(cli.run(new String[] {"keg", "assign", "loc-001", "05", "lagunitas-ipa", "sixth_barrel"})).isZero();
        assertThat(cli.run(new String[] {"keg", "assign", "loc-001", "05", "lagunitas-ipa", "pony_keg"})).isEqualTo(2);
        assertThat(cli.run(new String[] {"keg", "assign", "loc-001", "05", "lagunitas-ipa", "sixth_barrel", "--full"}))
                .isZero();
        assertThat(dynamo.client().getItem(g -> g.tableName(names.scaleSense()).key(Map.of(
                "PK", Attr.s("LOCATION#loc-001"), "SK", Attr.s("TAP#05")))).item()).containsEntry("assignment_full", Attr.bool(true));
        // a replacement scale on a held tap: the message names a way that exists (there is no unregister)
        assertThat(cli.run(new String[] {"device", "register", "SCALE-0006", "B8:27:EB:00:00:06", "loc-001", "05"}))
                .isEqualTo(2);

        assertThat(output()).contains("created loc-001#TAP#05", "registered SCALE-0005 on loc-001#TAP#05")
                .containsPattern("assigned keg-20261120-[A-Za-z0-9_-]{4} \\(lagunitas-ipa, sixth_barrel, full 61.0 lb,"
                        + " empty 16.5 lb, sg 1.013\\) to loc-001#TAP#05")
                .contains("level is an estimate (pending) until the keg is tared; --full says it is new and full",
                        "new and full: the scale takes the keg's weight as its full weight (full_set)")
                .contains("error: keg_type must be one of")
                .contains("is held by SCALE-0005; move SCALE-0005 to another tap first (device register SCALE-0005"
                        + " <hardware_id> <loc_id> <nn>; tap create makes a spare one), then register SCALE-0006 here");
    }

    @Test
    void lists_recent_rejections_of_a_device_newest_first() {
        // guards issue 13 class 8: an operator had no way to see what a scale sent and why it was refused
        TableNames names = dynamo.freshTables();
        var quarantine = new com.scalesense.sink.store.dynamo.DynamoRejections(dynamo.client(), names);
        for (int i = 0; i < 3; i++) {
            quarantine.keep(new com.scalesense.sink.rejection.Rejection("SCALE-0042", clock.instant().plusSeconds(i),
                    "registry.loc_id", "batch rejected [registry.loc_id]: loc_id = loc-00" + i, "ab".repeat(32), 900,
                    "{\"topic\":..."));
        }
        quarantine.keep(new com.scalesense.sink.rejection.Rejection("SCALE-0043", clock.instant(), "malformed",
                "other scale", "cd".repeat(32), 10, "x"));

        assertThat(cli(Map.of("SCALESENSE_TABLE_PREFIX", names.prefix()))
                .run(new String[] {"rejections", "SCALE-0042", "2"})).isZero();

        assertThat(output().lines().filter(l -> !l.startsWith("    ")).toList()).containsExactly(
                "2026-11-20T12:00:02Z  registry.loc_id  sha256=" + "ab".repeat(32) + "  900 bytes  batch rejected [registry.loc_id]: loc_id = loc-002",
                "2026-11-20T12:00:01Z  registry.loc_id  sha256=" + "ab".repeat(32) + "  900 bytes  batch rejected [registry.loc_id]: loc_id = loc-001");
    }

    @Test
    void refuses_api_key_commands_without_a_pepper_and_prints_usage_for_unknown_commands() {
        TableNames names = dynamo.freshTables();
        AdminCli cli = cli(Map.of("SCALESENSE_TABLE_PREFIX", names.prefix()));

        assertThat(cli.run(new String[] {"api-key", "create"})).isEqualTo(2);
        assertThat(cli.run(new String[] {"drop-tables"})).isEqualTo(2);
        // polish: a seeds folder that is not there ended in an UncheckedIOException's stack trace
        assertThat(cli.run(new String[] {"seed", "no-such-seeds"})).isEqualTo(2);

        assertThat(output()).contains("error: API_KEY_PEPPER").contains(AdminCli.USAGE)
                .contains("error: cannot read seed file no-such-seeds" + java.io.File.separator + "keg-types.json (");
    }

    @Test
    void without_a_region_a_command_names_what_to_set_exit_2_and_no_stack_trace() throws Exception {
        // polish: `AdminCli create-tables` with no region printed the SDK's stack trace (and --help did too)
        Path home = java.nio.file.Files.createTempDirectory("admincli-home");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), AdminCli.class.getName(), "tap", "create", "loc-001", "05",
                "Tap 5").redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("AWS_"));
        // no profile file and no metadata service: the region has no source at all
        pb.environment().putAll(Map.of("HOME", home.toString(), "AWS_CONFIG_FILE", home.resolve("none").toString(),
                "AWS_EC2_METADATA_DISABLED", "true", AdminCli.ENDPOINT_ENV, "http://127.0.0.1:9"));
        Process p = pb.start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.waitFor()).as(printed).isEqualTo(2);
        assertThat(printed.lines().toList()).as(printed).hasSize(1);
        assertThat(printed).startsWith("error: region must be set: export AWS_REGION=us-east-1, or give --region")
                .doesNotContain("Exception", "\tat ");
    }

    @Test
    void help_needs_no_region_and_a_bad_region_option_is_a_usage_error() {
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

        assertThat(AdminCli.run(new String[] {"--help"}, Map.of(), out)).isZero();
        assertThat(AdminCli.run(new String[] {"--region", "Virginia", "create-tables"}, Map.of(), out)).isEqualTo(2);
        assertThat(AdminCli.run(new String[] {"--region"}, Map.of(), out)).isEqualTo(2);
        assertThat(AdminCli.run(new String[] {"--region", "us-east-1", "drop-tables"}, Map.of(), out)).isEqualTo(2);

        assertThat(output()).startsWith(AdminCli.USAGE + System.lineSeparator() + "environment:")
                .contains("AWS_REGION", "error: --region must be an AWS region like us-east-1, was 'Virginia'.",
                        "error: --region must be an AWS region like us-east-1 after it, was '<none>'.")
                .endsWith(AdminCli.USAGE + System.lineSeparator());
    }

    @Test
    void region_option_comes_before_the_environment() {
        var region = CliRegion.resolve(CliRegion.parse(new String[] {"--region", "eu-west-2", "create-tables"}).region(),
                Map.of("AWS_REGION", "us-east-1"));
        try (var client = AdminCli.client(Map.of(AdminCli.ENDPOINT_ENV, "http://127.0.0.1:9"), region)) {
            assertThat(client.serviceClientConfiguration().region()).hasToString("eu-west-2");
        }
        assertThat(CliRegion.resolve(null, Map.of("AWS_DEFAULT_REGION", "ap-southeast-2"))).hasToString("ap-southeast-2");
    }

    private AdminCli cli(Map<String, String> env) {
        return new AdminCli(dynamo.client(), env, clock, new PrintStream(printed, true, StandardCharsets.UTF_8));
    }

    private String output() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void create_tables_makes_every_sink_table_is_idempotent_and_lets_seed_run() {
        // issue 14: nothing created the tables outside SAM, so `AdminCli seed` on a fresh DynamoDB Local failed
        TableNames names = dynamo.unusedNames();
        AdminCli cli = cli(Map.of("SCALESENSE_TABLE_PREFIX", names.prefix()));

        assertThat(cli.run(new String[] {"create-tables"})).isZero();
        assertThat(cli.run(new String[] {"create-tables"})).isZero();
        assertThat(cli.run(new String[] {"seed", "../seeds"})).isZero();

        List<String> expected = Tables.ALL.stream().map(names::of).toList();
        assertThat(dynamo.client().listTablesPaginator().tableNames().stream()
                .filter(t -> t.startsWith(names.prefix())).toList()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(output()).contains("tables ready: " + String.join(", ", expected))
                .contains("seeded: 48 items written");
    }

    @Test
    void a_failed_command_is_one_line_without_sdk_debug_or_signing_material() throws Exception {
        // issue 14: one failed command logged 218 lines of AWS SDK DEBUG/TRACE, signatures included
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), AdminCli.class.getName(), "tap", "create", "loc-001", "05",
                "Tap 5").redirectErrorStream(true);
        pb.environment().putAll(Map.of(AdminCli.ENDPOINT_ENV, "http://127.0.0.1:" + closedPort, "AWS_REGION", "us-east-1",
                "AWS_ACCESS_KEY_ID", "AKIDTESTLOCAL", "AWS_SECRET_ACCESS_KEY", "not-a-real-secret-0123456789"));
        Process p = pb.start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.waitFor()).as(printed).isEqualTo(1);
        assertThat(printed.lines().toList()).as(printed).hasSize(1);
        assertThat(printed).startsWith("error: DynamoDB: ").doesNotContain("DEBUG", "TRACE", "Authorization",
                "Signature", "AKIDTESTLOCAL", "not-a-real-secret");
    }
}
