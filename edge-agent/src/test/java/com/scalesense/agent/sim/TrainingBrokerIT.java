package com.scalesense.agent.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/**
 * The stand-in broker of {@code --cds-training} (issue 18) with Eclipse Paho's mqttv3 client set up
 * as {@code PahoV3Transport} sets it (MQTT 3.1.1, persistent session): every request is answered,
 * so the client's calls complete; bad input closes the connection and the next one is served.
 */
class TrainingBrokerIT {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    @Test
    void a_paho_client_connects_subscribes_publishes_at_qos_1_and_2_pings_and_unsubscribes() throws Exception {
        try (TrainingBroker broker = TrainingBroker.start()) {
            assertThat(broker.uri().getHost()).isEqualTo("127.0.0.1");
            MqttClient client = new MqttClient(broker.uri().toString(), "SIM-0001", new MemoryPersistence());
            MqttConnectOptions options = new MqttConnectOptions();
            options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
            options.setCleanSession(false);
            options.setKeepAliveInterval(1); // the shortest keepalive: a PINGREQ follows a quiet second
            client.connect(options);

            IMqttToken subscribed = client.subscribeWithResponse(new String[] {"scalesense/v1/SIM-0001/commands", "a/#"},
                    new int[] {1, 2});
            assertThat(subscribed.getGrantedQos()).containsExactly(1, 2);
            client.publish("scalesense/v1/SIM-0001/batches", "{}".getBytes(StandardCharsets.UTF_8), 1, false);
            client.publish("scalesense/v1/SIM-0001/state", "{}".getBytes(StandardCharsets.UTF_8), 2, false);
            client.unsubscribe("a/#");
            await().atMost(LIMIT).until(() -> broker.seen().pings() >= 1);
            client.disconnect();
            client.close();

            TrainingBroker.Seen seen = broker.seen();
            assertThat(seen.connections()).isEqualTo(1);
            assertThat(seen.subscribes()).isEqualTo(1);
            assertThat(seen.publishes()).isEqualTo(2);
            assertThat(seen.dropped()).isZero();
            assertThat(seen.topics()).containsExactlyInAnyOrder("scalesense/v1/SIM-0001/batches",
                    "scalesense/v1/SIM-0001/state");
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("cds-training-broker"));
    }

    @Test
    void an_mqtt_5_connect_is_refused_as_an_unacceptable_version_and_an_oversized_packet_closes_the_connection()
            throws Exception {
        try (TrainingBroker broker = TrainingBroker.start()) {
            try (Socket socket = new Socket(broker.uri().getHost(), broker.uri().getPort())) {
                OutputStream out = socket.getOutputStream();
                // CONNECT, protocol name "MQTT", level 5, flags, keepalive, properties length 0, empty client id
                out.write(new byte[] {0x10, 13, 0, 4, 'M', 'Q', 'T', 'T', 5, 2, 0, 60, 0, 0, 0});
                DataInputStream in = new DataInputStream(socket.getInputStream());
                byte[] connack = new byte[4];
                in.readFully(connack);
                assertThat(connack).containsExactly(0x20, 2, 0, 1); // 0x01: unacceptable protocol version
                assertThat(in.read()).isEqualTo(-1);
            }
            try (Socket socket = new Socket(broker.uri().getHost(), broker.uri().getPort())) {
                // a PUBLISH claiming 5 MiB (remaining length 0x80 0x80 0xC0 0x02), over the limit: refused unread
                socket.getOutputStream().write(new byte[] {0x32, (byte) 0x80, (byte) 0x80, (byte) 0xC0, 0x02});
                assertThat(socket.getInputStream().read()).isEqualTo(-1);
            }
            await().atMost(LIMIT).until(() -> broker.seen().dropped() == 1);
            assertThat(broker.seen().connections()).isZero();
            assertThat(broker.seen().publishes()).isZero();
        }
    }
}
