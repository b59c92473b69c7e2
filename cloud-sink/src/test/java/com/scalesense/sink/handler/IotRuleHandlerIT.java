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
        handler = new IotRuleHandler(new MessageRouter(new WireCodec(), sink.service()));
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
}
