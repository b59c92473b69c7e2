package com.scalesense.sink.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.store.ConnectionChange;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PresenceEventsTest {

    private static byte[] json(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void reads_an_aws_iot_disconnect_with_its_order_and_reason() {
        // The shape of AWS IoT Core's lifecycle event, with the rule's topic member added.
        var c = PresenceEvents.parse(json("""
                {"topic":"$aws/events/presence/disconnected/SCALE-0042","clientId":"SCALE-0042",
                 "timestamp":1795262400000,"eventType":"disconnected","clientInitiatedDisconnect":false,
                 "sessionIdentifier":"a4666d2a7d844ae4ac5d7b38c9cb7967","principalIdentifier":"12345678901234567890123456789012",
                 "disconnectReason":"MQTT_KEEP_ALIVE_TIMEOUT","versionNumber":3}"""),
                "$aws/events/presence/disconnected/SCALE-0042");

        assertThat(c).isEqualTo(new ConnectionChange("SCALE-0042", false, 1_795_262_400_000L, 3, "MQTT_KEEP_ALIVE_TIMEOUT"));
        assertThat(c.order()).isGreaterThan(new ConnectionChange("SCALE-0042", true, 1_795_262_400_000L, 3, null).order())
                .isLessThan(new ConnectionChange("SCALE-0042", true, 1_795_262_300_000L, 4, null).order());
    }

    @Test
    void refuses_a_client_id_other_than_the_topics_naming_the_field() {
        assertThatThrownBy(() -> PresenceEvents.parse(json("""
                {"clientId":"SCALE-0043","timestamp":1795262400000,"eventType":"connected","versionNumber":1}"""),
                "$aws/events/presence/connected/SCALE-0042"))
                .isInstanceOf(RejectedMessageException.class).hasMessageContaining("clientId");
    }

    @Test
    void refuses_a_timestamp_outside_seed_001s_range_and_an_event_type_the_topic_does_not_say() {
        assertThatThrownBy(() -> PresenceEvents.parse(json("""
                {"clientId":"SCALE-0042","timestamp":12,"eventType":"connected"}"""),
                "$aws/events/presence/connected/SCALE-0042"))
                .isInstanceOf(RejectedMessageException.class).hasMessageContaining("timestamp");
        assertThatThrownBy(() -> PresenceEvents.parse(json("""
                {"clientId":"SCALE-0042","timestamp":1795262400000,"eventType":"disconnected"}"""),
                "$aws/events/presence/connected/SCALE-0042"))
                .isInstanceOf(RejectedMessageException.class).hasMessageContaining("eventType");
    }
}
