package com.scalesense.hal.hx711;

import com.scalesense.hal.SampleRate;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Hx711ConfigTest {

    @Test
    void rejects_a_pin_that_is_not_on_the_header_naming_field_value_and_rule() {
        assertThatThrownBy(() -> Hx711Config.of(40, 6, SampleRate.SPS_10))
                .isInstanceOfSatisfying(InvalidHx711ConfigException.class, e -> {
                    assertThat(e.field()).isEqualTo("doutPin");
                    assertThat(e.value()).isEqualTo("40");
                    assertThat(e.rule()).contains("0..27");
                })
                .hasMessage("hx711.doutPin = 40: must be a BCM GPIO number in 0..27");
    }

    @Test
    void rejects_dout_and_clock_on_the_same_pin() {
        assertThatThrownBy(() -> Hx711Config.of(5, 5, SampleRate.SPS_10))
                .isInstanceOfSatisfying(InvalidHx711ConfigException.class,
                        e -> assertThat(e.field()).isEqualTo("sckPin"));
    }

    @Test
    void rejects_a_buffer_too_small_to_hand_over_samples() {
        assertThatThrownBy(() -> Hx711Config.of(5, 6, SampleRate.SPS_80).withBufferCapacity(1))
                .hasMessageContaining("bufferCapacity = 1");
    }

    @Test
    void waits_four_conversion_periods_for_data_by_default() {
        Hx711Config config = Hx711Config.of(5, 6, SampleRate.SPS_10);

        assertThat(config.readyTimeoutNanos()).isEqualTo(400_000_000L);
        assertThat(config.doutId()).isEqualTo("hx711-dout-5");
        assertThat(config.sckId()).isEqualTo("hx711-sck-6");
    }

    @Test
    void each_gain_carries_the_pulse_count_of_datasheet_table_3() {
        assertThat(Gain.A_128.pulses()).isEqualTo(25);
        assertThat(Gain.B_32.pulses()).isEqualTo(26);
        assertThat(Gain.A_64.pulses()).isEqualTo(27);
    }
}
