package com.scalesense.hal.hx711;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.emulator.EmulatorConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Start, rate and close of the driver on the emulated chip. */
class Hx711LifecycleIT {

    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final int MAX_STEPS = 2_000;
    private static final int WINDOWS = 5;

    @Test
    void starts_by_resetting_the_chip_and_discarding_its_first_conversion() throws InterruptedException {
        Hx711Config config = Hx711Config.of(EmulatedHx711.DOUT, EmulatedHx711.SCK, SampleRate.SPS_80);
        try (EmulatedHx711 rig = EmulatedHx711.start(config, EmulatorConfig.realTime(SampleRate.SPS_80, n -> 9.0))) {
            rig.nextOk(1);

            assertThat(rig.driver.stats().chipResets()).isPositive();
            assertThat(rig.driver.stats().discardedConversions()).isPositive();
            assertThat(rig.chip.counters().powerDowns()).isPositive();
        }
    }

    @Test
    void close_powers_the_chip_down_and_refuses_further_reads() throws InterruptedException {
        Hx711Config config = Hx711Config.of(EmulatedHx711.DOUT, EmulatedHx711.SCK, SampleRate.SPS_80);
        try (EmulatedHx711 rig = EmulatedHx711.start(config, EmulatorConfig.realTime(SampleRate.SPS_80, n -> 9.0))) {
            rig.nextOk(1);

            rig.driver.close();

            await().atMost(PATIENCE).until(rig.chip::poweredDown);
            assertThatThrownBy(() -> rig.driver.read(Duration.ofMillis(1)))
                    .isInstanceOf(Hx711ClosedException.class)
                    .hasMessageContaining("BCM5");
        }
    }

    /**
     * The emulator runs on a test-owned conversion clock, stepped one period at a time; each step
     * waits until the driver has read the conversion. One emulated second must yield exactly the
     * strapped number of conversions, each delivered as one OK sample. A window in which the
     * driver had to reset the chip (this shared CPU pre-empted a clock pulse past 60 µs) proves
     * nothing about the rate, so up to {@value #WINDOWS} windows are tried.
     */
    @ParameterizedTest
    @EnumSource(SampleRate.class)
    void delivers_one_sample_per_conversion_at_the_strapped_rate(SampleRate rate) throws InterruptedException {
        AtomicLong emulatedNanos = new AtomicLong();
        EmulatorConfig chipConfig = EmulatorConfig.realTime(rate, n -> 321.0).withConversionClock(emulatedNanos::get);
        Hx711Config config = new Hx711Config(EmulatedHx711.DOUT, EmulatedHx711.SCK, rate, Gain.A_128,
                Hx711Config.DEFAULT_BUFFER_CAPACITY, 100);
        try (EmulatedHx711 rig = EmulatedHx711.start(config, chipConfig)) {
            await().atMost(PATIENCE).until(() -> rig.driver.stats().chipResets() == 1);
            for (int window = 0; window < WINDOWS; window++) {
                stepUntilFirstOkSample(rig, emulatedNanos, rate);
                long resetsBefore = rig.driver.stats().chipResets();
                long conversionsBefore = rig.chip.counters().conversions();

                for (int i = 0; i < rate.samplesPerSecond(); i++) {
                    step(rig, emulatedNanos, rate.periodNanos());
                }

                if (rig.driver.stats().chipResets() == resetsBefore) {
                    assertThat(rig.chip.counters().conversions() - conversionsBefore)
                            .isEqualTo(rate.samplesPerSecond());
                    for (int i = 0; i < rate.samplesPerSecond(); i++) {
                        RawSample sample = rig.driver.read(PATIENCE);
                        assertThat(sample.status()).isEqualTo(SampleStatus.OK);
                        assertThat(sample.value()).isEqualTo(321);
                    }
                    assertThat(rig.driver.read(Duration.ZERO).status()).as("nothing more")
                            .isEqualTo(SampleStatus.NOT_READY);
                    return;
                }
            }
            throw new AssertionError("every one of " + WINDOWS + " windows was disturbed by a chip reset");
        }
    }

    private static void stepUntilFirstOkSample(EmulatedHx711 rig, AtomicLong emulatedNanos, SampleRate rate)
            throws InterruptedException {
        for (int i = 0; i < MAX_STEPS; i++) {
            step(rig, emulatedNanos, rate.periodNanos());
            RawSample last = drain(rig);
            if (last != null && last.status() == SampleStatus.OK) {
                return;
            }
        }
        throw new AssertionError("no settled sample within " + MAX_STEPS + " emulated periods");
    }

    /** Reads every sample waiting; returns the last, or null if none was waiting. */
    private static RawSample drain(EmulatedHx711 rig) throws InterruptedException {
        RawSample last = null;
        for (int i = 0; i < Hx711Config.DEFAULT_BUFFER_CAPACITY; i++) {
            RawSample sample = rig.driver.read(Duration.ZERO);
            if (sample.status() == SampleStatus.NOT_READY) {
                return last;
            }
            last = sample;
        }
        return last;
    }

    /** Advances emulated time and waits until the driver has read (or lost to a reset) every conversion. */
    private static void step(EmulatedHx711 rig, AtomicLong emulatedNanos, long nanos) {
        emulatedNanos.addAndGet(nanos);
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(1)).until(() -> !rig.chip.dataPending());
    }
}
