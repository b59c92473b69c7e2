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

    /**
     * The agent's sampling thread takes the driver's samples in bursts (issue 18): a second of
     * conversions left in the ring comes out in one drain, in order, each with its own time; a
     * drain takes no more than asked; what is left at close is still handed out, then nothing.
     */
    @Test
    void drain_hands_out_a_second_of_samples_at_once_in_order_and_what_is_left_after_close()
            throws InterruptedException {
        Hx711Config config = Hx711Config.of(EmulatedHx711.DOUT, EmulatedHx711.SCK, SampleRate.SPS_80);
        long period = SampleRate.SPS_80.periodNanos();
        // counts = emulated ms: each conversion reads more than the one before
        try (EmulatedHx711 rig = EmulatedHx711.start(config, n -> n / 1e6)) {
            RawSample first = rig.firstOk();
            // when a second of conversions gathers while nobody reads (80 at 80 SPS)
            advanceUntilWaiting(rig, 80);

            List<RawSample> burst = new ArrayList<>();
            int n = rig.driver.drain(burst, Hx711Config.DEFAULT_BUFFER_CAPACITY, Duration.ZERO);

            // then one drain takes all 80, a period apart, in order, and nothing was dropped
            assertThat(n).isEqualTo(80);
            assertThat(burst).hasSize(80).extracting(RawSample::status).containsOnly(SampleStatus.OK);
            RawSample before = first;
            for (RawSample s : burst) {
                assertThat(s.monotonicNanos() - before.monotonicNanos())
                        .as("one period (within one poll, 1/40 period) after the sample before")
                        .isBetween(period - period / 40, period + period / 40);
                assertThat(s.value()).isGreaterThan(before.value());
                before = s;
            }
            assertThat(rig.driver.waitingSamples()).isZero();
            assertThat(rig.driver.stats().droppedSamples()).isZero();

            // and a drain takes no more than asked, the oldest first
            advanceUntilWaiting(rig, 10);
            List<RawSample> four = new ArrayList<>();
            assertThat(rig.driver.drain(four, 4, Duration.ZERO)).isEqualTo(4);
            assertThat(four.get(0).monotonicNanos()).isGreaterThan(before.monotonicNanos());
            assertThat(rig.driver.waitingSamples()).isEqualTo(6);

            // and after close the six left come out, then the driver refuses
            rig.driver.close();
            List<RawSample> left = new ArrayList<>();
            assertThat(rig.driver.drain(left, 100, Duration.ofSeconds(1))).isEqualTo(6);
            assertThat(left.get(0).monotonicNanos()).isGreaterThan(four.get(3).monotonicNanos());
            assertThatThrownBy(() -> rig.driver.drain(new ArrayList<>(), 100, Duration.ofSeconds(1)))
                    .isInstanceOf(Hx711ClosedException.class);
        }
    }

    /** Moves emulated time on a quarter period at a time until {@code count} samples wait unread. */
    private static void advanceUntilWaiting(EmulatedHx711 rig, int count) {
        Duration step = Duration.ofNanos(SampleRate.SPS_80.periodNanos() / 4);
        for (int i = 0; i < 4 * (count + 2) && rig.driver.waitingSamples() < count; i++) {
            rig.advance(step);
        }
        assertThat(rig.driver.waitingSamples()).isEqualTo(count);
    }
}
