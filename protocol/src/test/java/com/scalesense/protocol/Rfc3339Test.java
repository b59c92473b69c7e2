package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Rfc3339Test {

    @Test
    void formats_to_the_second_in_utc() {
        // seed 001's example
        assertThat(Rfc3339.format(Instant.parse("2024-01-15T10:30:00.999Z"))).isEqualTo("2024-01-15T10:30:00Z");
        assertThat(Rfc3339.format(1_704_067_800_000L)).isEqualTo("2024-01-01T00:10:00Z");
    }

    @Test
    void parses_what_it_formats() {
        assertThat(Rfc3339.parseMillis("2024-01-15T10:30:00Z")).isEqualTo(Instant.parse("2024-01-15T10:30:00Z").toEpochMilli());
        assertThat(Rfc3339.parseMillis(Rfc3339.format(1_704_067_800_000L))).isEqualTo(1_704_067_800_000L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-01-15T10:30:00+00:00", "2024-01-15T10:30:00.000Z", "2024-01-15 10:30:00Z",
            "2024-02-30T10:30:00Z", "2024-01-15T24:00:00Z", "2024-1-15T10:30:00Z", "2024-01-15T10:30:00z", ""})
    void rejects_anything_but_the_one_seed_001_form(String text) {
        assertThat(Rfc3339.isValid(text)).isFalse();
        assertThatThrownBy(() -> Rfc3339.parseMillis(text)).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("YYYY-MM-DDTHH:MM:SSZ");
    }

    @Test
    void sorts_lexicographically_in_time_order() {
        String earlier = Rfc3339.format(Instant.parse("2024-01-15T09:59:59Z"));
        String later = Rfc3339.format(Instant.parse("2024-01-15T10:00:00Z"));
        assertThat(earlier).isLessThan(later);
    }
}
