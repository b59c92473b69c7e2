package com.scalesense.agent.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MqttSettingsTest {

    private static final URI TCP = URI.create("tcp://127.0.0.1:1883");
    private static final URI SSL = URI.create("ssl://example.iot.eu-west-1.amazonaws.com:8883");

    @Test
    void defaults_are_mqtt_3_1_1_without_tls() {
        MqttSettings settings = MqttSettings.of(TCP, "SCALE-0042");
        assertThat(settings.protocol()).isEqualTo(MqttProtocol.MQTT_3_1_1);
        assertThat(settings.tls()).isNull();
        assertThat(settings.reconnect()).isEqualTo(Backoff.DEFAULT);
    }

    @Test
    void rejects_a_broker_uri_that_is_neither_tcp_nor_ssl() {
        InvalidSettingException e = (InvalidSettingException) org.assertj.core.api.Assertions.catchThrowable(
                () -> MqttSettings.of(URI.create("ws://127.0.0.1:8000"), "SCALE-0042"));
        assertThat(e.field()).isEqualTo("mqtt.broker_uri");
        assertThat(e.value()).isEqualTo("ws://127.0.0.1:8000");
        assertThat(e.getMessage()).contains("tcp://host:port");
    }

    @Test
    void rejects_a_client_id_longer_than_mqtt_3_1_1_guarantees() {
        assertThatThrownBy(() -> MqttSettings.of(TCP, "SCALE-0042-with-a-very-long-suffix"))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("mqtt.client_id");
    }

    @Test
    void rejects_an_ssl_broker_without_tls_files() {
        assertThatThrownBy(() -> MqttSettings.of(TCP, "SCALE-0042").withBroker(SSL, null))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("mqtt.tls must be set");
    }

    @Test
    void rejects_a_client_certificate_without_its_key() {
        assertThatThrownBy(() -> new TlsSettings(Path.of("ca.pem"), Path.of("cert.pem"), null))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("mqtt.tls.key_file");
    }

    @Test
    void accepts_an_ssl_broker_with_mutual_tls() {
        TlsSettings tls = new TlsSettings(Path.of("ca.pem"), Path.of("cert.pem"), Path.of("key.pem"));
        assertThat(MqttSettings.of(TCP, "SCALE-0042").withBroker(SSL, tls).tls().mutual()).isTrue();
    }
}
