package com.scalesense.demo.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LocalIotRuleTest {

    private static final String TOPIC = "scalesense/v1/SCALE-0001/batches";

    @Test
    void adds_the_topic_in_front_and_keeps_the_devices_bytes_as_sent() throws Exception {
        // given a payload whose number spelling a re-serialisation would change
        String payload = "{\"level_pct\":1.50,\"batch_id\":\"x\"}";

        // when
        String event = new String(LocalIotRule.withTopic(payload.getBytes(StandardCharsets.UTF_8), TOPIC),
                StandardCharsets.UTF_8);

        // then
        assertThat(event).isEqualTo("{\"topic\":\"" + TOPIC + "\",\"level_pct\":1.50,\"batch_id\":\"x\"}");
    }

    @Test
    void an_empty_object_gets_the_topic_without_a_dangling_comma() throws Exception {
        byte[] event = LocalIotRule.withTopic(" { } ".getBytes(StandardCharsets.UTF_8), TOPIC);

        JsonNode parsed = new ObjectMapper().readTree(event);
        assertThat(parsed.get("topic").asText()).isEqualTo(TOPIC);
        assertThat(parsed.size()).isEqualTo(1);
    }

    @Test
    void a_payload_that_is_not_an_object_is_passed_on_for_the_handler_to_reject() throws Exception {
        byte[] payload = "[1,2]".getBytes(StandardCharsets.UTF_8);

        assertThat(LocalIotRule.withTopic(payload, TOPIC)).isEqualTo(payload);
    }

    @Test
    void a_topic_with_quotes_is_escaped_not_spliced() throws Exception {
        byte[] event = LocalIotRule.withTopic("{\"a\":1}".getBytes(StandardCharsets.UTF_8), "x\"y");

        assertThat(new ObjectMapper().readTree(event).get("topic").asText()).isEqualTo("x\"y");
    }
}
