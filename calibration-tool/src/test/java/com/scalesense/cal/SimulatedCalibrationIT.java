package com.scalesense.cal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.agent.notify.SdNotifier;
import com.scalesense.agent.boot.ScaleAgent;
import com.scalesense.agent.sim.ScaledTime;
import com.scalesense.agent.sim.SimulatedScale;
import com.scalesense.hal.SampleRate;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calibration walk of docs/calibration.md ("Practise on the simulator"), run by {@code scale-cal}
 * against a real agent on the scale of {@code scale-agent --simulate} (as Main builds it), with
 * the known weights put on by {@code scale-cal sim put-weight}. Guards issue 14: on --simulate
 * every calibration ended "fit REFUSED: counts must change with load" (no way to put a weight on).
 */
class SimulatedCalibrationIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private ScaleAgent agent;
    private Cli cli;

    @BeforeEach
    void start() throws InterruptedException {
        Path stateDir = dir.resolve("state");
        AgentConfig config = AgentConfigLoader.load(ConfigSource.load(Optional.empty(), true, Map.of())
                .override(ConfigKey.STATE_DIR, stateDir.toString(), "test"), true);
        ScaledTime time = new ScaledTime(Clock.systemUTC(), System::nanoTime, 1.0);
        agent = ScaleAgent.start(config, SimulatedScale.build(time, 1, SampleRate.SPS_10),
                new SdNotifier(m -> { }, null), new Random(7), "0.1.0-test", () -> { });
        cli = new Cli(stateDir);
    }

    @AfterEach
    void stop() {
        if (agent != null) {
            agent.close();
        }
    }

    private Runnable put(String kg) {
        return () -> assertThat(cli.run("sim", "put-weight", kg).exit()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void the_guided_walk_on_the_simulator_commits_a_verified_calibration() throws Exception {
        long before = calibratedAt();
        Technician technician = new Technician()
                .then(put("0"), "0")
                .then(put("20"), "20")
                .then(put("50"), "50")
                .answer("")
                .answer("y");

        Cli.Result calibrate = cli.run(technician, "calibrate");

        assertThat(calibrate.exit()).as(calibrate.out() + calibrate.err()).isEqualTo(ExitCodes.OK);
        assertThat(calibrate.out()).contains("point 3: 50.000 kg").contains("fit: verified")
                .contains("calibration committed");
        assertCommittedSince(before, 3);
        // and the weight reads as 50 kg with the new calibration
        JsonNode sample = JSON.readTree(cli.run("--json", "read", "--count", "1").out());
        assertThat(sample.path("weight_kg").asDouble()).isBetween(49.9, 50.1);
    }

    @Test
    void the_scripted_walk_with_points_on_the_simulator_commits_and_remove_weight_returns_the_bar() throws Exception {
        long before = calibratedAt();
        Technician technician = new Technician()
                .then(put("0"), "")
                .then(put("20"), "")
                .then(put("50"), "");

        Cli.Result calibrate = cli.run(technician, "calibrate", "--point", "0", "--point", "20", "--point", "50", "--yes");

        assertThat(calibrate.exit()).as(calibrate.out() + calibrate.err()).isEqualTo(ExitCodes.OK);
        assertCommittedSince(before, 3);
        Cli.Result removed = cli.run("--json", "sim", "remove-weight");
        assertThat(removed.exit()).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(removed.out()).path("weight_kg").isNull()).isTrue();
    }

    private long calibratedAt() throws Exception {
        return JSON.readTree(cli.run("status", "--json").out()).path("calibration").path("calibrated_at_ms").asLong();
    }

    private void assertCommittedSince(long before, int points) throws Exception {
        JsonNode calibration = JSON.readTree(cli.run("status", "--json").out()).path("calibration");
        assertThat(calibration.path("calibrated_at_ms").asLong()).isGreaterThan(before);
        assertThat(calibration.path("points").asInt()).isEqualTo(points);
        assertThat(calibration.path("quality").asText()).isEqualTo("verified");
    }
}
