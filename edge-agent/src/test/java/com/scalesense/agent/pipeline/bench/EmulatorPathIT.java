package com.scalesense.agent.pipeline.bench;

import com.scalesense.agent.replay.Score;
import com.scalesense.hal.SampleRate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline behind the real HX711 driver reading the chip emulator on Pi4J mock pins, fed by
 * the keg simulator: a 22 s segment on gated emulated time (the same run on any machine).
 */
class EmulatorPathIT {

    @ParameterizedTest
    @EnumSource(SampleRate.class)
    void a_pour_read_through_the_real_driver_is_found_with_its_volume(SampleRate rate) throws InterruptedException {
        // given a full half barrel set down, and one 12 oz pour at 6 s
        // when the segment runs through emulator, driver and pipeline
        EmulatorSegment.Result result = EmulatorSegment.run(rate, 1, 11);
        Score score = result.score();
        // a failure names what the driver and the chip saw
        String seen = "driver " + result.driverStats() + "; chip " + result.chipCounters();

        // then
        assertThat(score.truePours()).as(seen).isEqualTo(1);
        assertThat(score.recalledPours()).as(seen).isEqualTo(1);
        assertThat(score.detectedPours()).as(seen).isEqualTo(1);
        assertThat(score.volumeErrOz()).as(seen).singleElement().satisfies(err -> assertThat(err).isLessThan(0.5));
        assertThat(score.swapsDetected()).as(seen).isEqualTo(1);
        assertThat(score.falseSwaps()).as(seen).isZero();
        assertThat(result.driverStats()).as("no pulse mistimed on emulated time").contains("timingViolations=0");
    }
}
