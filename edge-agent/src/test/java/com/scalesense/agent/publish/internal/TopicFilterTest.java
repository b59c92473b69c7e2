package com.scalesense.agent.publish.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicFilterTest {

    @Test
    void matches_an_exact_topic_only() {
        assertThat(TopicFilter.matches("scalesense/v1/SCALE-0042/commands", "scalesense/v1/SCALE-0042/commands"))
                .isTrue();
        assertThat(TopicFilter.matches("scalesense/v1/SCALE-0042/commands", "scalesense/v1/SCALE-0043/commands"))
                .isFalse();
        assertThat(TopicFilter.matches("scalesense/v1/SCALE-0042", "scalesense/v1/SCALE-0042/commands")).isFalse();
    }

    @Test
    void plus_matches_exactly_one_level() {
        assertThat(TopicFilter.matches("scalesense/v1/+/batches", "scalesense/v1/SCALE-0042/batches")).isTrue();
        assertThat(TopicFilter.matches("scalesense/v1/+/batches", "scalesense/v1/a/b/batches")).isFalse();
    }

    @Test
    void hash_matches_the_parent_and_every_level_below() {
        assertThat(TopicFilter.matches("scalesense/#", "scalesense/v1/SCALE-0042/batches")).isTrue();
        assertThat(TopicFilter.matches("scalesense/v1/#", "scalesense/v1")).isTrue();
        assertThat(TopicFilter.matches("scalesense/#", "other/v1")).isFalse();
    }
}
