package com.scalesense.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentConfigLoaderTest {

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
        String aws = VALID.replace("tcp://127.0.0.1:1883", "ssl://example-ats.iot.eu-west-1.amazonaws.com:8883")
                + "mqtt.client = aws_iot\nmqtt.protocol = 5\nmqtt.tls.ca_file = /etc/scale-sense/AmazonRootCA1.pem\n";

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
                .hasMessageContaining("--config").hasMessageContaining("must exist");
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
}
