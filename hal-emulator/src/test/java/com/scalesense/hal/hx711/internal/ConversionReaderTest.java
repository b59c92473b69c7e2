package com.scalesense.hal.hx711.internal;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.EmulatedTime;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;
import com.scalesense.hal.hx711.Gain;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One read on Pi4J mock pins, on emulated time that this test's own thread moves: 50 ns per read of
 * the clock, so the CPU's pace cannot change the outcome; the chip can stretch a rising edge to
 * play a GC pause or pre-emption inside a pulse.
 */
class ConversionReaderTest {

    private static final long SETTLING = 4 * SampleRate.SPS_80.periodNanos();

    private final EmulatedTime time = EmulatedTime.free();
    private Context context;
    private DigitalInput dout;
    private DigitalOutput sck;

    @BeforeEach
    void pins() {
        context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        dout = context.create(DigitalInput.newConfigBuilder(context).id("dout").address(5));
        sck = context.create(DigitalOutput.newConfigBuilder(context).id("sck").address(6));
    }

    @AfterEach
    void release() {
        context.shutdown();
    }

    private Hx711Emulator chipWith(double counts) {
        EmulatorConfig config = EmulatorConfig.emulated(SampleRate.SPS_80, n -> counts, time);
        Hx711Emulator chip = Hx711Emulator.attach((MockDigitalInput) dout, (MockDigitalOutput) sck, config);
        time.jump(SETTLING);
        chip.dataPending();
        return chip;
    }

    @Test
    void shifts_24_bits_msb_first_and_finds_dout_high_after_the_25th_pulse() {
        try (Hx711Emulator chip = chipWith(-123_456)) {
            ConversionReader reader = new ConversionReader(dout, sck, time);

            boolean clean = reader.shiftOut(time.now(), Gain.A_128);

            assertThat(clean).isTrue();
            assertThat(reader.code()).isEqualTo(-123_456 & 0xFFFFFF);
            assertThat(reader.doutHighAfterRead()).isTrue();
            assertThat(reader.longestHighNanos()).isLessThan(60_000);
            assertThat(chip.counters().reads()).isEqualTo(1);
        }
    }

    @Test
    void rejects_a_read_whose_clock_pulse_reached_60_us_on_the_drivers_clock() {
        try (Hx711Emulator chip = chipWith(5_000)) {
            ConversionReader reader = new ConversionReader(dout, sck, time);

            chip.stretchNextRisingEdge(Duration.ofNanos(70_000));
            boolean clean = reader.shiftOut(time.now(), Gain.A_128);

            assertThat(clean).isFalse();
            assertThat(reader.longestHighNanos()).isGreaterThanOrEqualTo(60_000);
        }
    }

    @Test
    void rejects_a_read_whose_clock_pulse_passed_the_50_us_maximum_without_powering_down() {
        // Regression: only pulses of 60 us or more were rejected. A pulse over T3's 50 us maximum
        // (p.5) spoils the chip's next conversion into 2^n - 1 without a power-down; the read was
        // passed as clean and nothing reset the chip, so the spoiled conversion came out as OK.
        try (Hx711Emulator chip = chipWith(5_000)) {
            chip.allOnesAfterMistimedRead(19);
            ConversionReader reader = new ConversionReader(dout, sck, time);

            chip.stretchNextRisingEdge(Duration.ofNanos(55_000));
            boolean clean = reader.shiftOut(time.now(), Gain.A_128);

            assertThat(chip.counters().powerDowns()).as("a 55 us pulse does not power the chip down").isZero();
            assertThat(clean).isFalse();
            assertThat(reader.longestHighNanos()).isBetween(50_000L, 60_000L);
        }
    }

    @Test
    void rejects_a_read_that_leaves_dout_low_as_out_of_sync() {
        // No chip answers the clock: DOUT stays low, so the 25th pulse never pulls it high.
        ((MockDigitalInput) dout).mockState(DigitalState.LOW);
        ConversionReader reader = new ConversionReader(dout, sck, time);

        boolean clean = reader.shiftOut(time.now(), Gain.A_128);

        assertThat(clean).isFalse();
        assertThat(reader.doutHighAfterRead()).isFalse();
    }

    @Test
    void sends_the_pulse_count_of_the_gain_and_the_chip_switches_input() {
        try (Hx711Emulator chip = chipWith(5_000)) {
            ConversionReader reader = new ConversionReader(dout, sck, time);

            reader.shiftOut(time.now(), Gain.B_32);
            time.jump(SampleRate.SPS_80.periodNanos());

            assertThat(chip.selection()).isEqualTo("B_32");
        }
    }

    @Test
    void a_reset_keeps_the_clock_high_past_60_us_even_when_the_rising_edge_call_is_slow() {
        // Regression: the reset's high time was counted from before sck.high(); a 70 us stall in
        // that first call (class loading) left the chip only ~50 us high, so it never reset.
        try (Hx711Emulator chip = chipWith(5_000)) {
            ConversionReader reader = new ConversionReader(dout, sck, time);

            chip.stretchNextRisingEdge(Duration.ofNanos(70_000));
            reader.resetChip();

            assertThat(chip.counters().powerDowns()).isEqualTo(1);
            assertThat(chip.poweredDown()).as("back up after the falling edge").isFalse();
        }
    }

    @ParameterizedTest(name = "code {0} is {1}")
    @CsvSource({
            "0x000000, 0",
            "0x000001, 1",
            "0xFFFFFF, -1",
            "0x7FFFFE, 8388606",
            "0x7FFFFF, 8388607",
            "0x800000, -8388608",
            "0x800001, -8388607",
    })
    void sign_extends_24_bit_twos_complement(String code, int expected) {
        assertThat(ConversionReader.signExtend(Integer.decode(code))).isEqualTo(expected);
    }
}
