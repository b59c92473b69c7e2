package com.scalesense.hal.emulator.internal;

import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.EmulatorConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chip model against the datasheet, with every time given by hand: no threads, no clocks.
 * Times are nanoseconds; one pulse is 1 µs high and 1 µs low, as the datasheet's typical T3/T4.
 */
class ChipModelTest {

    private static final long PERIOD = SampleRate.SPS_80.periodNanos();
    private static final long SETTLING = 4 * PERIOD;
    private static final long MICRO = 1_000;

    private boolean doutHigh;
    private long now;
    private double channelA = 0x123456;
    private ChipModel chip;

    private ChipModel chip() {
        EmulatorConfig config = new EmulatorConfig(SampleRate.SPS_80, nanos -> channelA, nanos -> 400_000.0,
                () -> now, () -> now, 1L, null);
        return new ChipModel(config, high -> doutHigh = high, now);
    }

    private void at(long time) {
        now = time;
        chip.advance(now, now);
    }

    /** One read of {@code pulses} pulses from {@code now}; returns the 24 data bits. */
    private int read(int pulses) {
        int bits = 0;
        for (int pulse = 0; pulse < pulses; pulse++) {
            chip.rising(now, now);
            if (pulse < 24) {
                bits = (bits << 1) | (doutHigh ? 1 : 0);
            }
            now += MICRO;
            chip.falling(now, now);
            now += MICRO;
        }
        return bits;
    }

    @Test
    void withholds_data_for_the_settling_time_after_power_up_then_converts_every_period() {
        chip = chip();
        assertThat(doutHigh).isTrue();

        at(SETTLING - 1);
        assertThat(doutHigh).as("before 4 periods (p.3 settling)").isTrue();
        at(SETTLING);
        assertThat(doutHigh).isFalse();
        at(SETTLING + 10 * PERIOD);
        assertThat(chip.counters().conversions()).isEqualTo(11);
    }

    @Test
    void shifts_the_code_out_msb_first_and_pulls_dout_high_on_the_25th_pulse() {
        chip = chip();
        at(SETTLING);

        int bits = read(25);

        assertThat(bits).isEqualTo(0x123456);
        assertThat(doutHigh).isTrue();
        assertThat(chip.counters().reads()).isEqualTo(1);
    }

    @Test
    void sends_negative_inputs_as_24_bit_twos_complement() {
        channelA = -2;
        chip = chip();
        at(SETTLING);

        assertThat(read(25)).isEqualTo(0xFFFFFE);
    }

    @Test
    void pulse_count_selects_the_next_conversions_input_and_settles_towards_it_over_four_conversions() {
        chip = chip();
        at(SETTLING);
        read(26); // channel B, gain 32: 400_000 × 32/128 = 100_000

        int[] seen = new int[5];
        for (int i = 0; i < seen.length; i++) {
            at(SETTLING + (i + 1) * PERIOD);
            seen[i] = read(26);
        }

        int from = 0x123456;
        int to = 100_000;
        assertThat(chip.selection()).isEqualTo("B_32");
        assertThat(seen).containsExactly(from + (to - from) / 4, from + (to - from) * 2 / 4,
                from + (to - from) * 3 / 4, to, to);
    }

    @Test
    void twenty_seven_pulses_select_channel_a_at_gain_64() {
        chip = chip();
        at(SETTLING);
        read(27);
        at(SETTLING + PERIOD);

        assertThat(chip.selection()).isEqualTo("A_64");
    }

    @Test
    void clips_the_input_to_the_24_bit_range() {
        channelA = 9e6;
        chip = chip();
        at(SETTLING);
        assertThat(read(25)).isEqualTo(0x7FFFFF);

        channelA = -9e6;
        at(SETTLING + PERIOD);
        assertThat(read(25)).isEqualTo(0x800000);
    }

    @Test
    void powers_down_when_the_clock_stays_high_past_60_us_and_resets_to_a_128_on_the_falling_edge() {
        chip = chip();
        at(SETTLING);
        read(27);
        at(SETTLING + PERIOD);
        assertThat(chip.selection()).isEqualTo("A_64");

        chip.rising(now, now);
        at(now + 61 * MICRO);
        assertThat(chip.poweredDown()).isTrue();
        assertThat(doutHigh).isTrue();
        now += MICRO;
        chip.falling(now, now);

        assertThat(chip.poweredDown()).isFalse();
        assertThat(chip.selection()).isEqualTo("A_128");
        long resetAt = now;
        at(resetAt + SETTLING - 1);
        assertThat(doutHigh).as("settling again after reset").isTrue();
        at(resetAt + SETTLING);
        assertThat(doutHigh).isFalse();
    }

    @Test
    void does_not_power_down_at_exactly_60_us() {
        chip = chip();
        chip.rising(now, now);
        at(60 * MICRO);

        assertThat(chip.poweredDown()).isFalse();
    }

    @Test
    void more_than_27_pulses_is_a_serial_error_and_the_next_conversion_is_garbage_from_a_128() {
        chip = chip();
        at(SETTLING);
        read(27);
        at(SETTLING + PERIOD);
        read(28);

        assertThat(chip.counters().serialErrors()).isEqualTo(1);
        assertThat(chip.selection()).isEqualTo("A_128");
    }

    @Test
    void fewer_than_25_pulses_within_a_conversion_period_is_a_serial_error() {
        chip = chip();
        at(SETTLING);
        read(10);

        at(SETTLING + PERIOD);
        assertThat(chip.counters().serialErrors()).as("one boundary may pass during a read").isZero();
        assertThat(chip.counters().overruns()).isEqualTo(1);
        at(SETTLING + 2 * PERIOD);
        assertThat(chip.counters().serialErrors()).isEqualTo(1);
    }

    @Test
    void a_read_with_a_pulse_over_50_us_is_followed_by_two_to_the_n_minus_one_when_armed() {
        chip = chip();
        chip.allOnesAfterMistimedRead(19);
        at(SETTLING);
        chip.rising(now, now);
        now += 55 * MICRO; // over T3 max (50 µs), under power-down (60 µs)
        chip.falling(now, now);
        now += MICRO;
        read(24);

        at(SETTLING + PERIOD);
        assertThat(read(25)).isEqualTo((1 << 19) - 1);
        assertThat(chip.poweredDown()).isFalse();
    }

    @Test
    void dout_stuck_high_hides_every_conversion() {
        chip = chip();
        chip.stuckHigh(true);
        at(SETTLING + 3 * PERIOD);

        assertThat(doutHigh).isTrue();
        chip.stuckHigh(false);
        assertThat(doutHigh).isFalse();
    }

    @Test
    void an_unread_conversion_is_replaced_by_the_next() {
        chip = chip();
        at(SETTLING + 2 * PERIOD);

        assertThat(chip.counters().unread()).isEqualTo(2);
        assertThat(doutHigh).isFalse();
    }

    @Test
    void a_stall_ends_at_the_next_reset() {
        chip = chip();
        chip.stall(1_000);
        at(SETTLING + 5 * PERIOD);
        assertThat(chip.counters().conversions()).isZero();

        chip.rising(now, now);
        now += 100 * MICRO;
        chip.falling(now, now);
        at(now + SETTLING);

        assertThat(chip.counters().conversions()).isEqualTo(1);
    }
}
