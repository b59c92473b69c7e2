package com.scalesense.agent.pipeline.bench;

import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.replay.Score;
import com.scalesense.agent.replay.Scorer;
import com.scalesense.agent.replay.TraceScoring;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.NoiseSpec;
import com.scalesense.hal.sim.TemperatureProfile;
import com.scalesense.hal.sim.TrafficProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The whole pipeline on simulated sixth-barrel lives (noise, spikes, creep, a cooler cycle, faults). */
class SimulatedLifeTest {

    // seed 000: sixth_barrel 5.17 gal, empty 16.5 lbs; Lagunitas IPA sg 1.013
    static final List<KegSpec> SIXTHS = List.of(new KegSpec("sixth_barrel", 16.5 * 0.45359237, 5.17, 1.013));

    static SimulatedKegLife life(long seed, SampleRate rate) {
        return new SimulatedKegLife(seed, rate, NoiseSpec.datasheet(), new TemperatureProfile(3, 2, 1800, 1, 0), true, SIXTHS,
                TrafficProfile.busyBar());
    }

    @Test
    void every_pour_of_a_simulated_keg_is_found_once_and_no_swap_is_invented() {
        SimulatedKegLife.Result result = life(5, SampleRate.SPS_10).run(PipelineConfig.defaults());

        Score score = Scorer.score(result.truth(), result.recorder().readings(), result.recorder().events());

        assertThat(score.truePours()).isGreaterThan(30);
        assertThat(score.recalledPours()).isEqualTo(score.truePours());
        assertThat(score.matchedDetected()).isEqualTo(score.detectedPours());
        assertThat(score.falseSwaps()).isZero();
        assertThat(score.swapsDetected()).isEqualTo(score.trueSwaps());
        assertThat(score.levelsDuringFault()).isZero();
    }

    @Test
    void a_life_written_as_trace_and_truth_scores_the_same_through_replay(@TempDir Path dir) throws Exception {
        SimulatedKegLife life = life(8, SampleRate.SPS_10);
        SimulatedKegLife.Result run = life.run(PipelineConfig.defaults());
        Score direct = Scorer.score(run.truth(), run.recorder().readings(), run.recorder().events());

        life.writeTrace(dir.resolve("trace.csv"), dir.resolve("truth.csv"));
        Score replayed = TraceScoring.score(dir.resolve("trace.csv"), dir.resolve("truth.csv"), PipelineConfig.defaults());

        assertThat(replayed.truePours()).isEqualTo(direct.truePours());
        assertThat(replayed.detectedPours()).isEqualTo(direct.detectedPours());
        assertThat(replayed.recalledPours()).isEqualTo(direct.recalledPours());
        assertThat(replayed.falseSwaps()).isZero();
        // the truth file rounds volumes to 1e-4 oz and the calibration to 1e-6 counts/kg
        assertThat(Score.quantile(replayed.volumeErrOz(), 0.5)).isCloseTo(Score.quantile(direct.volumeErrOz(), 0.5), within(1e-3));
    }
}
