package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class TopicsTest {

    @Test
    void names_the_four_topics_of_a_device() {
        assertThat(Topics.batches("SCALE-0042")).isEqualTo("scalesense/v1/SCALE-0042/batches");
        assertThat(Topics.registration("SCALE-0042")).isEqualTo("scalesense/v1/SCALE-0042/registration");
        assertThat(Topics.state("SCALE-0042")).isEqualTo("scalesense/v1/SCALE-0042/state");
        assertThat(Topics.commands("SCALE-0042")).isEqualTo("scalesense/v1/SCALE-0042/commands");
    }

    @Test
    void finds_the_device_id_of_each_of_its_topics() {
        for (String device : new String[] {"SCALE-0042", "SCALE-12345", "KEG2-0001"}) {
            assertThat(Topics.deviceIdOf(Topics.batches(device))).isEqualTo(device);
            assertThat(Topics.deviceIdOf(Topics.registration(device))).isEqualTo(device);
            assertThat(Topics.deviceIdOf(Topics.state(device))).isEqualTo(device);
            assertThat(Topics.deviceIdOf(Topics.commands(device))).isEqualTo(device);
        }
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "scalesense/v2/SCALE-0042/batches", "other/v1/SCALE-0042/batches",
            "scalesense/v1/SCALE-0042", "scalesense/v1/SCALE-0042/batches/extra", "scalesense/v1/scale-0042/batches",
            "scalesense/v1/+/batches", "scalesense/v1/SCALE-0042/telemetry", "scalesense/v1//batches",
            "scalesense/v1/SCALE-0042/batches/"})
    void rejects_topics_that_are_not_ours(String topic) {
        assertThatThrownBy(() -> Topics.deviceIdOf(topic)).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("topic must");
    }

    @Test
    void refuses_to_build_a_topic_for_a_bad_device_id() {
        // a '+' or '#' in a device id would turn a topic into a wildcard filter
        assertThatThrownBy(() -> Topics.batches("SCALE-#")).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("device_id must match");
    }

    @Test
    void filters_match_the_topics_they_subscribe_to() {
        assertThat(Topics.ALL_BATCHES).isEqualTo("scalesense/v1/+/batches");
        assertThat(Topics.ALL_REGISTRATIONS).isEqualTo("scalesense/v1/+/registration");
        assertThat(Topics.ALL_STATES).isEqualTo("scalesense/v1/+/state");
    }
}
