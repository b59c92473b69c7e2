package com.scalesense.sink.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class KeysTest {

    @Test
    void tap_number_is_the_last_segment_of_the_tap_id() {
        assertThat(Keys.tapNumber("loc-001#TAP#07")).isEqualTo("07");
        assertThat(Keys.tapState("loc-001", "07")).isEqualTo(new ItemKey("LOCATION#loc-001", "TAP#07#STATE"));
    }

    @Test
    void rejects_tap_id_without_tap_segment() {
        assertThatThrownBy(() -> Keys.tapNumber("loc-001#07"))
                .hasMessageContaining("tap_id").hasMessageContaining("loc-001#07");
    }

    @Test
    void ts_batch_is_zero_padded_to_13_digits_so_text_order_is_time_order() {
        // Seed 001: {timestamp_ms:013}#{batch_id}
        assertThat(Keys.tsBatch(999_999_999_999L, "b")).isEqualTo("0999999999999#b");
        assertThat(Keys.tsBatch(999_999_999_999L, "b")).isLessThan(Keys.tsBatch(1_000_000_000_000L, "b"));
    }

    @Test
    void readings_are_keyed_by_keg_and_fall_back_to_tap_without_a_keg() {
        assertThat(Keys.readings("keg-20260318-007", "loc-001#TAP#07", 1_704_067_800_000L))
                .isEqualTo(new ItemKey("READINGS#keg#keg-20260318-007", "2024-01-01T00:10:00.000Z"));
        assertThat(Keys.readings(null, "loc-001#TAP#07", 0L).pk()).isEqualTo("READINGS#loc-001#TAP#07");
    }

    @Test
    void alert_and_summary_keys_follow_the_access_patterns() {
        assertThat(Keys.alertActive("loc-001", "low_keg", Keys.tapEntity("07")).sk()).isEqualTo("ACTIVE#low_keg#TAP#07");
        assertThat(Keys.firing("loc-001#TAP#07", "low_keg")).isEqualTo(new ItemKey("FIRING#loc-001#TAP#07", "low_keg"));
        assertThat(Keys.dailySummary("loc-001", "07", LocalDate.of(2026, 11, 21)).sk()).isEqualTo("DAY#2026-11-21#TAP#07");
        assertThat(Keys.deviceStateLog("SCALE-0042", "ERROR", 0L).sk()).isEqualTo("STATE#ERROR#1970-01-01T00:00:00.000Z");
    }
}
