package com.scalesense.demo.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The local broker reports a scale's connect and disconnect as AWS IoT Core's lifecycle events, and
 * the sink records them on the scale's DEVICE#/META (issue 18: the offline check then needs no
 * frequent batches). The rule's own subscriber, whose client id is no device_id, is not reported.
 */
class LocalPresenceIT {

    @TempDir
    Path dir;

    @Test
    void a_scales_connect_and_disconnect_reach_its_device_meta() throws Exception {
        try (LocalCloud cloud = LocalCloud.start(dir, Clock.systemUTC(), 1)) {
            Map<String, AttributeValue> meta = new HashMap<>(Attr.key(Keys.deviceMeta("SCALE-0001")));
            meta.put("device_id", AttributeValue.fromS("SCALE-0001"));
            meta.put("hardware_id", AttributeValue.fromS("B8:27:EB:00:00:01"));
            meta.put("loc_id", AttributeValue.fromS("loc-001"));
            meta.put("tap_id", AttributeValue.fromS("loc-001#TAP#01"));
            cloud.tables().client().putItem(p -> p.tableName(cloud.tables().names().scaleSense()).item(meta));
            MqttClient scale = new MqttClient(cloud.broker().uri().toString(), "SCALE-0001", new MemoryPersistence());
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(false);

            scale.connect(options);
            await().atMost(Duration.ofMinutes(2)).until(() -> read(cloud).containsKey("connected"));
            assertThat(read(cloud).get("connected").bool()).isTrue();

            scale.disconnect();
            scale.close();
            await().atMost(Duration.ofMinutes(2)).until(() -> read(cloud).containsKey("disconnected_pk"));
            assertThat(read(cloud).get("connected").bool()).isFalse();
            assertThat(read(cloud).get("disconnect_reason").s()).isEqualTo("CLIENT_INITIATED_DISCONNECT");
            assertThat(cloud.rule().presenceEvents()).isEqualTo(2);
        }
    }

    private static Map<String, AttributeValue> read(LocalCloud cloud) {
        return cloud.tables().item(Keys.deviceMeta("SCALE-0001"));
    }
}
