package com.scalesense.sink.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.validation.InvalidInputException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HistoryRangeTest {

    @Test
    void every_range_draws_between_60_and_168_points() {
        for (HistoryRange range : HistoryRange.values()) {
            long points = range.span().dividedBy(range.bin());
            assertThat(points).as(range.code()).isBetween(60L, 168L);
        }
    }

    @Test
    void picks_15_minute_bins_for_a_day() {
        assertThat(HistoryRange.parse("24h").bin()).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void rejects_a_range_the_dashboard_does_not_offer_naming_the_field() {
        assertThatThrownBy(() -> HistoryRange.parse("2y"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("range").hasMessageContaining("2y").hasMessageContaining("30d");
    }
}
