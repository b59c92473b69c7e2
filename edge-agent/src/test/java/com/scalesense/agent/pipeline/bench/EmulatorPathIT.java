package com.scalesense.agent.pipeline.bench;

import com.scalesense.hal.SampleRate;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline behind the real HX711 driver reading the chip emulator on Pi4J mock pins, fed by
 * the keg simulator: a 22 s segment in real time (bounded in samples and time by the segment).
 */
class EmulatorPathIT {

    @Test
    void a_pour_read_through_the_real_driver_is_found_with_its_volume() throws InterruptedException {
        // given a full half barrel set down, and one 12 oz pour at 6 s
        // when the segment runs through emulator, driver and pipeline
        Score score = EmulatorSegment.run(SampleRate.SPS_80, 1, 11).score();

        // then
        assertThat(score.truePours).isEqualTo(1);
        assertThat(score.recalledPours).isEqualTo(1);
        assertThat(score.detectedPours).isEqualTo(1);
        assertThat(score.volumeErrOz).singleElement().satisfies(err -> assertThat(err).isLessThan(0.5));
        assertThat(score.swapsDetected).isEqualTo(1);
        assertThat(score.falseSwaps).isZero();
    }
}
