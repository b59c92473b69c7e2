package com.scalesense.sink.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AdminValuesTest {

    @Test
    void rejects_beer_whose_specific_gravity_looks_like_a_typo() {
        assertThatThrownBy(() -> new Beer("guinness-draught", null, "Guinness", null, null, null, 1014))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).field()).isEqualTo("specific_gravity"))
                .hasMessageContaining("1014").hasMessageContaining("[0.99, 1.1]");
    }

    @Test
    void custom_beer_ref_carries_its_location() {
        Beer house = new Beer("house-ale", "loc-001", "House Ale", null, "Amber", 5.0, 1.012);

        assertThat(house.ref()).isEqualTo("loc-001#house-ale");
        assertThat(house.isCustom()).isTrue();
    }

    @Test
    void rejects_beer_id_with_a_key_separator_and_truncates_the_value_in_the_message() {
        String hostile = "a#" + "x".repeat(200);

        assertThatThrownBy(() -> new Beer(hostile, null, "X", null, null, null, 1.0))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("beer_id").hasMessageContaining("(202 chars)")
                .hasMessageNotContaining("x".repeat(100));
    }

    @Test
    void location_settings_default_as_the_ingestion_contract_says() {
        LocationProfile s = LocationProfile.defaults("Demo");

        assertThat(s.timezone().getId()).isEqualTo("UTC");
        assertThat(s.businessDayEndsAt()).isEqualTo(LocalTime.of(6, 0));
        assertThat(s).extracting(LocationProfile::gracePeriodSecs, LocationProfile::lowKegPct,
                        LocationProfile::lowBatteryPct, LocationProfile::offlineAfterSecs,
                        LocationProfile::rateWindowHours)
                .containsExactly(900, 15, 20, 900, 6);
    }

    @Test
    void rejects_unknown_timezone_and_malformed_day_end_naming_each_field() {
        assertThatThrownBy(() -> LocationProfile.parseTimezone("Mars/Olympus"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("timezone");
        assertThatThrownBy(() -> LocationProfile.parseBusinessDayEnd("25:00"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("business_day_ends_at");
        assertThatThrownBy(() -> LocationProfile.parseBusinessDayEnd("6am"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("HH:mm");
    }

    @Test
    void keg_id_is_utc_date_of_the_clock_and_four_nanoid_characters() {
        Clock clock = Clock.fixed(Instant.parse("2026-03-18T23:30:00Z"), ZoneOffset.UTC);

        String id = new KegIds(clock, new Random(42)).next();

        assertThat(id).matches("^keg-20260318-[A-Za-z0-9_-]{4}$").matches(Fields.KEG_ID);
        assertThat(new KegIds(clock, new Random(42)).next()).isEqualTo(id);
    }
}
