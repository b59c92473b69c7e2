package com.scalesense.hal.hx711;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Start, rate and close of the driver on the emulated chip, on gated emulated time. */
class Hx711LifecycleIT {

    @Test
    void starts_by_resetting_the_chip_and_discarding_its_first_conversion() throws InterruptedException {
        Hx711Config config = Hx711Config.of(EmulatedHx711.DOUT, EmulatedHx711.SCK, SampleRate.SPS_80);
        try (EmulatedHx711 rig = EmulatedHx711.start(config, n -> 9.0)) {
            RawSample first = rig.next();

            assertThat(first.status()).isEqualTo(SampleStatus.OK);
            assertThat(rig.driver.stats().chipResets()).isEqualTo(1);
            assertThat(rig.driver.stats().discardedConversions()).isEqualTo(1);
            assertThat(rig.chip.counters().powerDowns()).isEqualTo(1);
            // settling (p.3: four periods after the reset), then one discarded conversion
            assertThat(first.monotonicNanos()).isGreaterThanOrEqualTo(5 * SampleRate.SPS_80.periodNanos());
        }
    }

    @Test
    void close_powers_the_chip_down_and_refuses_further_reads() throws InterruptedException {
        Hx711Config config = Hx711Config.of(EmulatedHx711.DOUT, EmulatedHx711.SCK, SampleRate.SPS_80);
        try (EmulatedHx711 rig = EmulatedHx711.start(config, n -> 9.0)) {
            rig.firstOk();

            rig.driver.close();
            // PD_SCK stays high; the chip is down once 60 µs have passed (p.5 Fig.3)
            rig.time.jump(Hx711Datasheet.POWER_DOWN_NANOS + 1);

            assertThat(rig.chip.poweredDown()).isTrue();
            assertThatThrownBy(() -> rig.driver.read(Duration.ofMillis(1)))
                    .isInstanceOf(Hx711ClosedException.class)
                    .hasMessageContaining("BCM5");
        }
    }

    /**
     * One emulated second after the first settled sample must hold exactly the strapped number
     * of conversions, each delivered as one OK sample one period after the one before, and
     * nothing lost or reset on the way.
     */
    @ParameterizedTest
    @EnumSource(SampleRate.class)
    void delivers_one_sample_per_conversion_at_the_strapped_rate(SampleRate rate) throws InterruptedException {
        Hx711Config config = new Hx711Config(EmulatedHx711.DOUT, EmulatedHx711.SCK, rate, Gain.A_128,
                Hx711Config.DEFAULT_BUFFER_CAPACITY, 100);
        try (EmulatedHx711 rig = EmulatedHx711.start(config, n -> 321.0)) {
            RawSample first = rig.firstOk();
            long conversionsBefore = rig.chip.counters().conversions();
            long resetsBefore = rig.driver.stats().chipResets();

            List<RawSample> second = new ArrayList<>();
            while (second.size() < rate.samplesPerSecond()) {
                second.add(rig.next());
            }

            assertThat(rig.chip.counters().conversions() - conversionsBefore).isEqualTo(rate.samplesPerSecond());
            assertThat(second).extracting(RawSample::status).containsOnly(SampleStatus.OK);
            assertThat(second).extracting(RawSample::value).containsOnly(321);
            RawSample last = second.get(second.size() - 1);
            assertThat(last.monotonicNanos() - first.monotonicNanos())
                    .as("one second of conversions, each seen within one poll (1/40 period) of its end")
                    .isBetween(Duration.ofSeconds(1).toNanos() - rate.periodNanos() / 40,
                            Duration.ofSeconds(1).toNanos() + rate.periodNanos() / 40);
            assertThat(rig.driver.stats().chipResets()).isEqualTo(resetsBefore);
            assertThat(rig.driver.stats().droppedSamples()).isZero();
            assertThat(rig.chip.counters().unread()).isZero();
            assertThat(rig.driver.read(Duration.ZERO).status()).as("nothing more").isEqualTo(SampleStatus.NOT_READY);
        }
    }
}
