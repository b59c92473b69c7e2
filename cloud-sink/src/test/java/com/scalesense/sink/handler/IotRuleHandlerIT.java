package com.scalesense.sink.handler;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IotRuleHandlerIT extends WithLocalDynamo {

    private SinkHarness sink;
    private IotRuleHandler handler;

    @BeforeEach
    void handler_on_fresh_tables() {
        sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 600_000));
        handler = new IotRuleHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service()));
    }

    private String outcomeOf(String event) throws IOException {
        var out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(Messages.bytes(event)), out, null);
        return new ObjectMapper().readTree(out.toByteArray()).get("outcome").asText();
    }

    @Test
    void batch_event_is_accepted_once_and_its_redelivery_is_a_duplicate() throws IOException {
        String event = Messages.batchEvent(Batches.of(Batches.series(T0, 3, 60, 1)), Batches.DEVICE_ID);

        assertThat(outcomeOf(event)).isEqualTo("accepted");
        assertThat(outcomeOf(event)).isEqualTo("duplicate");
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("device_readings")).hasSize(3);
    }

    @Test
    void registration_event_upserts_the_devices_row() throws IOException {
        var registration = new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, new Capabilities(List.of("hx711"), Map.of("offline_buffering", true)),
                T0, true);
        String event = Messages.withTopic(Messages.json(registration), Topics.registration(Batches.DEVICE_ID));

        assertThat(outcomeOf(event)).isEqualTo("accepted");

        var row = sink.dump().get("devices | " + Batches.HARDWARE_ID);
        assertThat(row.get("confirmation_id").s()).isEqualTo("00000000-0000-4000-8000-000000000001");
        assertThat(row.get("capabilities").m().get("features").m().get("offline_buffering").bool()).isTrue();
        assertThat(row.get("last_boot_id").s()).isEqualTo(Batches.BOOT_ID);
    }

    @Test
    void state_event_moves_the_tap_state_alone() throws IOException {
        // issue 18: a pour's end on TAP#STATE at once; its batch brings everything else later
        var pourEnd = Batches.of(List.of(Batches.reading(T0 + 30_000, 58, 80)), List.of(Batches.pour(T0 + 30_000, 16)));
        var before = sink.dump();

        assertThat(outcomeOf(Messages.withTopic(Messages.json(pourEnd), Topics.state(Batches.DEVICE_ID))))
                .isEqualTo("accepted");

        assertThat(sink.differencesFrom(before)).singleElement().asString().contains("TAP#07#STATE");
    }

    @Test
    void presence_event_records_the_connection_once_and_its_redelivery_is_a_duplicate() throws IOException {
        // AWS IoT Core's lifecycle event as the presence rule delivers it (SELECT *, topic() AS topic)
        String topic = "$aws/events/presence/disconnected/" + Batches.DEVICE_ID;
        String event = "{\"topic\":\"" + topic + "\",\"clientId\":\"" + Batches.DEVICE_ID + "\",\"timestamp\":"
                + (T0 + 60_000) + ",\"eventType\":\"disconnected\",\"disconnectReason\":\"CONNECTION_LOST\","
                + "\"versionNumber\":2}";

        assertThat(outcomeOf(event)).isEqualTo("accepted");
        assertThat(outcomeOf(event)).isEqualTo("duplicate");

        var meta = sink.item("DEVICE#" + Batches.DEVICE_ID, "META");
        assertThat(meta.get("connected").bool()).isFalse();
        assertThat(meta.get("disconnect_reason").s()).isEqualTo("CONNECTION_LOST");
        assertThat(meta.get("disconnected_at_ms").n()).isEqualTo(Long.toString(T0 + 60_000));
    }

    /** The device's JSON of a valid batch, padded with an unknown field to exactly {@code bytes} bytes. */
    private static String devicePayloadOf(int bytes) {
        String json = Messages.json(Batches.of(Batches.series(T0, 3, 60, 1)));
        String padded = "{\"pad\":\"\"," + json.substring(1);
        String device = "{\"pad\":\"" + "x".repeat(bytes - padded.length()) + "\"," + json.substring(1);
        assertThat(Messages.bytes(device)).hasSize(bytes);
        return device;
    }

    @Test
    void accepts_a_device_payload_of_exactly_the_limit_once_the_rule_added_its_topic() throws IOException {
        // Guards issue 13 class 6: the rule's "topic" field was counted against the device's
        // 128 KB, so payloads just under the documented limit were refused.
        String event = Messages.withTopic(devicePayloadOf(WireCodec.MAX_PAYLOAD_BYTES), Topics.batches(Batches.DEVICE_ID));
        assertThat(Messages.bytes(event).length).isGreaterThan(WireCodec.MAX_PAYLOAD_BYTES);

        assertThat(outcomeOf(event)).isEqualTo("accepted");
    }

    @Test
    void rejects_a_device_payload_one_byte_over_the_limit_naming_the_device_bytes() throws IOException {
        String event = Messages.withTopic(devicePayloadOf(WireCodec.MAX_PAYLOAD_BYTES + 1),
                Topics.batches(Batches.DEVICE_ID));
        var before = sink.dump();
        var out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(Messages.bytes(event)), out, null);

        var response = new ObjectMapper().readTree(out.toByteArray());
        assertThat(response.get("outcome").asText()).isEqualTo("rejected");
        assertThat(response.get("reason").asText()).contains("payload = " + (WireCodec.MAX_PAYLOAD_BYTES + 1)
                + " bytes from the device");
        assertThat(sink.differencesFrom(before)).isEmpty();
    }
}
