package com.scalesense.agent.sim;

import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.hal.sim.Disturbance;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.ScenarioGenerator;
import com.scalesense.hal.sim.TemperatureProfile;
import com.scalesense.hal.sim.TrafficProfile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The keg life of {@code --simulate}: an undisturbed bar by default, the real bar's disturbances with {@code --bar real}. */
class SimulatedScaleTest {

    private static final TemperatureProfile COOLER = TemperatureProfile.constant(4);

    @Test
    void the_real_bar_knocks_leans_leaves_things_on_kegs_and_sets_down_part_full_kegs() {
        // issue 12: --simulate ran an undisturbed bar, so nothing the real bar does could be watched end to end
        Scenario real = SimulatedScale.scenario(1, true, COOLER);

        // over a few seeds (a life lasts 3 to 28 h) knocks and leans, things left on a keg, objects on the empty
        // platform and part-full kegs come up (a keg lifted and set back comes once a day)
        Set<Disturbance.Kind> kinds = LongStream.rangeClosed(1, 8)
                .mapToObj(seed -> SimulatedScale.scenario(seed, true, COOLER).disturbances().stream())
                .flatMap(d -> d).map(Disturbance::kind).collect(Collectors.toSet());
        assertThat(kinds).contains(Disturbance.Kind.KNOCK, Disturbance.Kind.LEFT_ON_KEG, Disturbance.Kind.OBJECT_ON_EMPTY,
                Disturbance.Kind.PART_FULL_KEG);
        // the same seed gives the same bar
        assertThat(SimulatedScale.scenario(1, true, COOLER).disturbances()).isEqualTo(real.disturbances());
    }

    @Test
    void the_default_bar_is_undisturbed_and_its_keg_life_is_the_one_of_before() {
        Scenario undisturbed = SimulatedScale.scenario(1, false, COOLER);

        // as --simulate drew it before issue 12: hal's undisturbed busy bar over Modelo (sg 1.010) half, quarter and
        // sixth barrels with reference shells, no shell spread and nothing drawn for disturbances
        List<KegSpec> kegs = Stream.of(KegType.HALF_BARREL, KegType.QUARTER_BARREL, KegType.SIXTH_BARREL)
                .map(t -> new KegSpec(t.wireName(), t.emptyKg(), t.gallons(), 1.010)).toList();
        Scenario before = new ScenarioGenerator(new Random(1), TrafficProfile.busyBar()).generate(kegs, COOLER);
        assertThat(undisturbed.disturbances()).isEmpty();
        assertThat(undisturbed.periods()).isNotEmpty().isEqualTo(before.periods());
    }
}
