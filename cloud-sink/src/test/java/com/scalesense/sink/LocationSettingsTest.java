package com.scalesense.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class LocationSettingsTest {

    private final LocationSettings berlin = new LocationSettings(ZoneId.of("Europe/Berlin"),
            LocationSettings.DEFAULTS.businessDayEndsAt(), 900, 15, 20, 900, 6);

    @Test
    void pour_before_six_local_belongs_to_the_evening_before() {
        // 2026-11-22 05:59 in Berlin (UTC+1) is still the bar's day of the 21st.
        assertThat(berlin.businessDay(Instant.parse("2026-11-22T04:59:00Z").toEpochMilli()))
                .isEqualTo(LocalDate.of(2026, 11, 21));
    }

    @Test
    void pour_at_six_local_starts_the_new_business_day() {
        assertThat(berlin.businessDay(Instant.parse("2026-11-22T05:00:00Z").toEpochMilli()))
                .isEqualTo(LocalDate.of(2026, 11, 22));
    }
}
