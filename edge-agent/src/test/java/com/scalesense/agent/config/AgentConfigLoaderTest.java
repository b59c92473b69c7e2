package com.scalesense.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import com.scalesense.agent.publish.TestPki;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentConfigLoaderTest {

    private static final Instant NOW = Instant.parse("2026-11-22T03:00:00Z");

    @TempDir
    Path dir;

    private static final String VALID = """
            # a scale at the bar
            device.hardware_id = AA:BB:CC:DD:EE:FF
            device.device_id = SCALE-0042
            device.loc_id = loc-001
            device.tap_id = loc-001#TAP#07
            state.dir = /var/lib/scale-sense
            mqtt.broker_uri = tcp://127.0.0.1:1883
            """;

    @Test
    void reads_a_valid_file_with_defaults_for_every_other_key() throws IOException {
        AgentConfig config = load(VALID, Map.of(), false);

        assertThat(config.device()).isEqualTo(new DeviceIdentity("AA:BB:CC:DD:EE:FF", "SCALE-0042", "loc-001",
                "loc-001#TAP#07"));
        assertThat(config.controlSocket()).isEqualTo(Path.of("/var/lib/scale-sense/control.sock"));
        assertThat(config.readingInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.mqtt().clientId()).isEqualTo("SCALE-0042");
        assertThat(config.log().timestamps()).isFalse();
        assertThat(config.simulated()).isFalse();
    }

    @Test
    void reports_every_broken_key_at_once_with_its_value_origin_and_rule() {
        String bad = VALID.replace("AA:BB:CC:DD:EE:FF", "aa-bb") + "reading.interval = soon\nhx711.rate = 40\n";

        assertThatThrownBy(() -> load(bad, Map.of(), false))
                .isInstanceOfSatisfying(ConfigException.class, e -> {
                    assertThat(e.errors()).extracting(ConfigError::key)
                            .containsExactlyInAnyOrder("device.hardware_id", "reading.interval", "hx711.rate");
                    assertThat(e.getMessage()).contains("device.hardware_id = 'aa-bb' (agent.conf line 2): must be a MAC");
                    assertThat(e.getMessage()).contains("hx711.rate = '40'", "must be one of 10, 80");
                });
    }

    @Test
    void environment_overrides_the_file_and_is_named_when_wrong() throws IOException {
        AgentConfig config = load(VALID, Map.of("SCALE_SENSE_MQTT_BROKER_URI", "tcp://broker.local:1884"), false);
        assertThat(config.mqtt().brokerUri().toString()).isEqualTo("tcp://broker.local:1884");

        assertThatThrownBy(() -> load(VALID, Map.of("SCALE_SENSE_MQTT_BROKER_URI", "http://x"), false))
                .hasMessageContaining("mqtt.broker_uri = 'http://x' (environment SCALE_SENSE_MQTT_BROKER_URI)");
    }

    @Test
    void rejects_an_unknown_key_naming_the_file_line() {
        assertThatThrownBy(() -> load(VALID + "mqtt.brokr_uri = tcp://x:1\n", Map.of(), false))
                .hasMessageContaining("mqtt.brokr_uri = 'tcp://x:1' (agent.conf line 8): unknown key");
    }

    @Test
    void rejects_a_tap_of_another_location() {
        assertThatThrownBy(() -> load(VALID.replace("loc-001#TAP#07", "loc-002#TAP#07"), Map.of(), false))
                .hasMessageContaining("device.tap_id").hasMessageContaining("must belong to device.loc_id loc-001");
    }

    @Test
    void aws_iot_requires_a_client_certificate_and_mqtt_3_1_1() {
        Path ca = TestPki.create(dir, "Test Root CA", NOW, TestPki.KeyType.EC).caPem();
        String aws = VALID.replace("tcp://127.0.0.1:1883", "ssl://example-ats.iot.eu-west-1.amazonaws.com:8883")
                + "mqtt.client = aws_iot\nmqtt.protocol = 5\nmqtt.tls.ca_file = " + ca + "\n";

        assertThatThrownBy(() -> load(aws, Map.of(), false))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.errors()).extracting(ConfigError::key)
                        .containsExactlyInAnyOrder("mqtt.tls.cert_file", "mqtt.protocol"));
    }

    @Test
    void without_a_broker_the_agent_is_offline() throws IOException {
        AgentConfig config = load(VALID.replace("mqtt.broker_uri = tcp://127.0.0.1:1883\n", ""), Map.of(), false);

        assertThat(config.online()).isFalse();
    }

    @Test
    void simulate_fills_the_identity_and_a_local_state_dir_when_unset() {
        ConfigSource source = ConfigSource.load(Optional.of(dir.resolve("missing.conf")), true, Map.of());

        AgentConfig config = AgentConfigLoader.load(source, true);

        assertThat(config.device()).isEqualTo(AgentConfigLoader.SIMULATED);
        assertThat(config.stateDir()).isEqualTo(AgentConfigLoader.SIMULATED_STATE_DIR);
        assertThat(config.simulation().speed()).isEqualTo(1.0);
    }

    @Test
    void a_missing_file_given_explicitly_is_an_error() {
        ConfigSource source = ConfigSource.load(Optional.of(dir.resolve("missing.conf")), false, Map.of());

        assertThatThrownBy(() -> AgentConfigLoader.load(source, false))
                .hasMessageContaining("--config").hasMessageContaining("cannot be read: does not exist");
    }

    @Test
    void simulate_world_start_takes_epoch_ms_or_rfc_3339_and_is_unset_by_default() throws IOException {
        assertThat(load(VALID, Map.of(), true).simulation().worldStartMs()).isNull();
        assertThat(load(VALID + "simulate.world_start = 1795000000000\n", Map.of(), true).simulation().worldStartMs())
                .isEqualTo(1_795_000_000_000L);
        assertThat(load(VALID, Map.of("SCALE_SENSE_SIMULATE_WORLD_START", "2026-11-22T06:00:00.250+01:00"), true)
                .simulation().worldStartMs()).isEqualTo(java.time.Instant.parse("2026-11-22T05:00:00.250Z").toEpochMilli());
    }

    @Test
    void simulate_world_start_that_is_no_instant_is_reported_with_its_rule() {
        for (String bad : new String[] {"yesterday", "2026-11-22 05:00", "12", "99999999999999999999"}) {
            assertThatThrownBy(() -> load(VALID + "simulate.world_start = " + bad + "\n", Map.of(), true))
                    .as(bad).isInstanceOfSatisfying(ConfigException.class, e -> {
                        assertThat(e.errors()).extracting(ConfigError::key).containsExactly("simulate.world_start");
                        assertThat(e.getMessage()).contains("simulate.world_start = '" + bad + "'",
                                "must be epoch milliseconds or an RFC 3339 time");
                    });
        }
    }

    private AgentConfig load(String text, Map<String, String> env, boolean simulate) throws IOException {
        Path file = dir.resolve("agent.conf");
        Files.writeString(file, text);
        return AgentConfigLoader.load(ConfigSource.load(Optional.of(file), false, env), simulate);
    }

    private static final String SSL = VALID.replace("tcp://127.0.0.1:1883", "ssl://broker.bar.example:8883");

    private ConfigException invalid(String text) {
        return org.assertj.core.api.Assertions.catchThrowableOfType(() -> load(text, Map.of(), false),
                ConfigException.class);
    }

    @Test
    void an_ssl_broker_without_a_ca_names_the_ca_key_not_a_java_field() {
        // issue 14: "mqtt.tls must be set for an ssl:// broker, was 'null'" named no key of the config
        ConfigException e = invalid(SSL);

        assertThat(e.errors()).extracting(ConfigError::key).containsExactly("mqtt.tls.ca_file");
        assertThat(e.getMessage()).contains("mqtt.tls.ca_file = '' (default): must be set for an ssl:// broker")
                .doesNotContain("mqtt.tls ").doesNotContain("null");
    }

    @Test
    void every_missing_or_unparsable_tls_file_is_reported_at_start_against_its_own_key() throws IOException {
        // issue 14: only the first missing file was found, at connect time, and reported against mqtt.tls.ca_file
        TestPki pki = TestPki.create(dir, "Test Root CA", NOW, TestPki.KeyType.EC);
        Path notPem = Files.writeString(dir.resolve("cert.txt"), "hello\n");
        Path missingKey = dir.resolve("missing-key.pem");

        ConfigException e = invalid(SSL + "mqtt.tls.ca_file = " + pki.caPem() + "\nmqtt.tls.cert_file = " + notPem
                + "\nmqtt.tls.key_file = " + missingKey + "\n");

        assertThat(e.errors()).extracting(ConfigError::key)
                .containsExactlyInAnyOrder("mqtt.tls.cert_file", "mqtt.tls.key_file");
        assertThat(e.getMessage())
                .contains("mqtt.tls.key_file = '" + missingKey + "' (agent.conf line 10): cannot be read: does not exist")
                .contains("mqtt.tls.cert_file = '" + notPem + "' (agent.conf line 9): must hold PEM certificates")
                .doesNotContain("TlsSettings[").doesNotContain("Exception");
    }

    @Test
    void a_certificate_without_its_key_is_an_error_of_the_key_and_a_tcp_broker_refuses_tls_files() throws IOException {
        TestPki pki = TestPki.create(dir, "Test Root CA", NOW, TestPki.KeyType.EC);
        TestPki.Identity scale = pki.client("SCALE-0042", false);

        ConfigException lonely = invalid(SSL + "mqtt.tls.ca_file = " + pki.caPem() + "\nmqtt.tls.cert_file = "
                + scale.certPem() + "\n");
        ConfigException plain = invalid(VALID + "mqtt.tls.ca_file = " + pki.caPem() + "\n");

        assertThat(lonely.errors()).extracting(ConfigError::key).containsExactly("mqtt.tls.key_file");
        assertThat(lonely.getMessage()).contains("must be set together with mqtt.tls.cert_file");
        assertThat(plain.errors()).extracting(ConfigError::key).containsExactly("mqtt.tls.ca_file");
        assertThat(plain.getMessage()).contains("must not be set for a tcp:// broker");
        // and the good set loads
        AgentConfig ok = load(SSL + "mqtt.tls.ca_file = " + pki.caPem() + "\nmqtt.tls.cert_file = " + scale.certPem()
                + "\nmqtt.tls.key_file = " + scale.keyPem() + "\n", Map.of(), false);
        assertThat(ok.mqtt().tls().mutual()).isTrue();
    }

    @Test
    void duration_limits_are_printed_in_the_units_of_the_config() {
        // issue 14: limits were printed as PT18H12M15S
        ConfigException e = invalid(VALID + "mqtt.keepalive = 30h\nshutdown.publish_timeout = 1d\n");

        assertThat(e.getMessage()).contains("between 1s and 18h 12m 15s").contains("between 0s and 5m")
                .doesNotContain("PT");
        assertThat(ConfigReader.human(java.time.Duration.ofMillis(1_500))).isEqualTo("1s 500ms");
    }
}
