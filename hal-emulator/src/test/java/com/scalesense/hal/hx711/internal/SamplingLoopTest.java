package com.scalesense.hal.hx711.internal;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.exception.IOException;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.EmulatedTime;
import com.scalesense.hal.hx711.Hx711Config;
import org.junit.jupiter.api.Test;
import org.mockito.MockMakers;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

class SamplingLoopTest {

    @Test
    void a_failing_dout_line_stops_sampling_keeps_the_failure_powers_the_chip_down_and_wakes_readers()
            throws InterruptedException {
        // A GPIO read error is a fault the mock pins cannot produce, hence the Mockito DOUT.
        Context context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        try {
            DigitalOutput sck = context.create(DigitalOutput.newConfigBuilder(context).id("sck").address(6));
            DigitalInput dout = mock(DigitalInput.class, withSettings().mockMaker(MockMakers.SUBCLASS));
            IOException lineBusy = new IOException("gpiochip0 line 5: device busy");
            when(dout.isLow()).thenThrow(lineBusy);
            when(dout.isHigh()).thenThrow(lineBusy);
            SampleRing ring = new SampleRing(4);
            EmulatedTime time = EmulatedTime.free();
            SamplingLoop loop = new SamplingLoop(Hx711Config.of(5, 6, SampleRate.SPS_80), dout,
                    new ConversionReader(dout, sck, time), ring, time.clock(Instant.EPOCH), time);

            // run on this thread: the loop must end by itself, on its first read of DOUT
            loop.run();

            assertThat(loop.failure()).isSameAs(lineBusy);
            assertThat(sck.isHigh()).as("chip left powered down").isTrue();
            assertThat(ring.take(Duration.ofSeconds(5).toNanos())).as("closed ring: no wait").isNull();
        } finally {
            context.shutdown();
        }
    }
}
