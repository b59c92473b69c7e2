package com.scalesense.cal.setup;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.cal.CliContext;
import com.scalesense.cal.ScaleCal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scale-cal setup} on a real agent.conf (the one the package installs) in a temporary
 * /etc/scale-sense. Guards the first start of a fresh install, which needed a text editor: the
 * identity and broker were typed into agent.conf by hand, typos found only when the agent exited 78.
 */
class SetupCommandTest {

    private static final Path SHIPPED_CONF = Path.of("../systemd/agent.conf.example");

    @TempDir
    Path etc;

    private Path conf;

    record Result(int exit, String out, String err) {
    }

    @BeforeEach
    void shippedConfig() throws IOException {
        conf = etc.resolve("agent.conf");
        Files.copy(SHIPPED_CONF, conf);
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-r-----"));
    }

    @Test
    void writes_identity_and_broker_and_keeps_every_other_line_of_agent_conf() throws IOException {
        // given a technician's own setting and the shipped comments
        Files.writeString(conf, Files.readString(conf).replace("reading.interval = 60s", "reading.interval = 30s"));
        List<String> before = Files.readAllLines(conf);

        Result r = setup(false, "", "--hardware-id", "b8:27:eb:12:34:56", "--device-id", "SCALE-0042", "--loc-id", "loc-001",
                "--tap", "7", "--broker", "tcp://broker.local:1883", "--no-connection-test", "--no-restart");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("wrote " + conf + ": SCALE-0042 at loc-001#TAP#07");
        List<String> after = Files.readAllLines(conf);
        assertThat(after).contains("device.hardware_id = B8:27:EB:12:34:56", "device.device_id = SCALE-0042",
                "device.loc_id = loc-001", "device.tap_id = loc-001#TAP#07", "mqtt.broker_uri = tcp://broker.local:1883",
                "reading.interval = 30s");
        // every other line (comments, order, the technician's setting) as it was
        List<String> changed = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            if (!before.get(i).equals(after.get(i))) {
                changed.add(before.get(i).split("=")[0].strip());
            }
        }
        assertThat(changed).containsExactly("device.hardware_id", "device.device_id", "device.loc_id", "device.tap_id",
                "mqtt.broker_uri", "mqtt.tls.ca_file", "mqtt.tls.cert_file", "mqtt.tls.key_file");
        assertThat(after).hasSameSizeAs(before);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(conf))).isEqualTo("rw-r-----");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void rejects_bad_answers_naming_each_field_and_rule_and_changes_nothing() throws IOException {
        byte[] before = Files.readAllBytes(conf);

        Result r = setup(false, "", "--hardware-id", "B8:27:EB:12:34", "--device-id", "scale-42", "--loc-id", "loc-001",
                "--tap", "loc-002#TAP#01", "--broker", "http://broker:80", "--no-restart");

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--hardware-id (device.hardware_id) = B8:27:EB:12:34: must be a MAC address")
                .contains("--device-id (device.device_id) = scale-42: must be like SCALE-0042")
                .contains("--tap (device.tap_id) = loc-002#TAP#01: must belong to --loc-id loc-001")
                .contains("--broker (mqtt.broker_uri) = http://broker:80: must be tcp://host:port or ssl://host:port")
                .contains("agent.conf not changed");
        assertThat(Files.readAllBytes(conf)).isEqualTo(before);
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void rejects_an_ssl_broker_without_the_ca_that_signed_it() throws IOException {
        byte[] before = Files.readAllBytes(conf);

        Result r = setup(false, "", identity("--broker", "ssl://abc-ats.iot.eu-west-1.amazonaws.com:8883", "--no-restart"));

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--ca-file (mqtt.tls.ca_file): must be given for an ssl:// broker");
        assertThat(Files.readAllBytes(conf)).isEqualTo(before);
    }

    @Test
    void rejects_a_certificate_file_the_agent_could_not_parse_as_the_agent_would() throws IOException {
        // given a file that exists but is no PEM: only the agent's own loader knows what it needs
        Path notPem = Files.writeString(etc.resolve("ca.pem"), "not a certificate\n");
        byte[] before = Files.readAllBytes(conf);

        Result r = setup(false, "", identity("--broker", "ssl://broker.local:8883", "--ca-file", notPem.toString(),
                "--no-connection-test", "--no-restart"));

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("the agent would not start with this agent.conf").contains("mqtt.tls.ca_file");
        assertThat(Files.readAllBytes(conf)).isEqualTo(before);
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void asks_on_a_terminal_for_what_no_flag_gives_offering_the_current_value() throws IOException {
        Files.writeString(conf, Files.readString(conf).replace("mqtt.broker_uri =", "mqtt.broker_uri = tcp://old.local:1883"));

        // the technician types device, location and tap, and keeps the broker with Enter
        Result r = setup(true, "SCALE-0042\nloc-001\n7\n\n", "--hardware-id", "B8:27:EB:12:34:56", "--no-connection-test",
                "--no-restart");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("Device id (like SCALE-0042): ").contains("Broker (tcp://host:1883 or ssl://host:8883) [tcp://old.local:1883]: ");
        assertThat(Files.readAllLines(conf)).contains("device.tap_id = loc-001#TAP#07", "mqtt.broker_uri = tcp://old.local:1883");
    }

    @Test
    void names_missing_answers_off_a_terminal_instead_of_waiting_for_them() throws IOException {
        byte[] before = Files.readAllBytes(conf);

        Result r = setup(false, "", "--hardware-id", "B8:27:EB:12:34:56", "--device-id", "SCALE-0042", "--no-restart");

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--loc-id (device.loc_id): must be given").contains("--tap (device.tap_id): must be given");
        assertThat(Files.readAllBytes(conf)).isEqualTo(before);
    }

    @Test
    void refuses_a_broker_that_does_not_answer_and_changes_nothing() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        byte[] before = Files.readAllBytes(conf);

        Result r = setup(false, "", identity("--broker", "tcp://127.0.0.1:" + closedPort, "--no-restart"));

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("--broker tcp://127.0.0.1:" + closedPort + ": java.net.ConnectException")
                .contains("agent.conf not changed");
        assertThat(Files.readAllBytes(conf)).isEqualTo(before);
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void says_what_to_run_where_systemd_is_not_running() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        AgentService service = new AgentService(etc.resolve("no-systemd-here"), List.of("false"));

        boolean restarted = service.restart(new PrintWriter(out, true), new PrintWriter(err, true));

        assertThat(restarted).isFalse();
        assertThat(err.toString()).contains("systemd is not running here: start the agent with  sudo systemctl restart scale-agent.service");
    }

    @Test
    void reports_a_failed_restart_with_what_to_do() throws IOException {
        StringWriter err = new StringWriter();
        AgentService service = new AgentService(Files.createDirectory(etc.resolve("systemd")), List.of("false"));

        boolean restarted = service.restart(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));

        assertThat(restarted).isFalse();
        assertThat(err.toString()).contains("false exited 1: run it as root (sudo)");
    }

    private static String[] identity(String... more) {
        List<String> args = new ArrayList<>(List.of("--hardware-id", "B8:27:EB:12:34:56", "--device-id", "SCALE-0042",
                "--loc-id", "loc-001", "--tap", "7"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private List<Path> leftovers() throws IOException {
        try (Stream<Path> files = Files.list(etc)) {
            return files.filter(p -> p.getFileName().toString().startsWith(".agent.conf.")).toList();
        }
    }

    private Result setup(boolean terminal, String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--config", conf.toString(), "setup"));
        all.addAll(List.of(args));
        CliContext context = new CliContext(new PrintWriter(out, true), new PrintWriter(err, true),
                new BufferedReader(new StringReader(stdin)), terminal, Clock.fixed(Instant.parse("2026-11-22T03:00:00Z"), ZoneOffset.UTC),
                new Random(5), Map.of(), 4242);
        int exit = ScaleCal.run(context, all.toArray(String[]::new));
        return new Result(exit, out.toString(), err.toString());
    }
}
