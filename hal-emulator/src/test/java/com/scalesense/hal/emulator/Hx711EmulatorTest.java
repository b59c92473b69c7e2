package com.scalesense.hal.emulator;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.SampleRate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Hx711EmulatorTest {

    /** Gated time that nobody advances: the chip's time stands still. */
    private static final EmulatorConfig CONFIG = EmulatorConfig.emulated(SampleRate.SPS_80, nanos -> 0.0,
            EmulatedTime.gated());

    private Context context;

    @BeforeEach
    void mockPins() {
        context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        context.create(DigitalInput.newConfigBuilder(context).id("dout").address(5));
        context.create(DigitalOutput.newConfigBuilder(context).id("sck").address(6));
    }

    @AfterEach
    void release() {
        context.shutdown();
    }

    @Test
    void rejects_a_pin_id_that_is_not_in_the_context_naming_it() {
        assertThatThrownBy(() -> Hx711Emulator.attach(context, "dout", "nope", CONFIG))
                .isInstanceOfSatisfying(EmulatorAttachException.class, e -> assertThat(e.pinId()).isEqualTo("nope"))
                .hasMessageContaining("no such pin");
    }

    @Test
    void rejects_pins_swapped_between_dout_and_clock() {
        assertThatThrownBy(() -> Hx711Emulator.attach(context, "sck", "dout", CONFIG))
                .isInstanceOfSatisfying(EmulatorAttachException.class, e -> assertThat(e.pinId()).isEqualTo("sck"))
                .hasMessageContaining("not a MockDigitalInput");
    }

    @Test
    void a_freshly_attached_chip_holds_dout_high_while_it_settles() {
        // The time stands still, so the 50 ms settling time never passes.
        try (Hx711Emulator chip = Hx711Emulator.attach(context, "dout", "sck", CONFIG)) {
            DigitalInput dout = context.registry().get("dout");

            assertThat(dout.isHigh()).isTrue();
            assertThat(chip.poweredDown()).isFalse();
            assertThat(chip.selection()).isEqualTo("A_128");
        }
    }
}
