package com.scalesense.agent.boot;

import com.scalesense.agent.scale.Sensors;
import com.scalesense.agent.sim.PacedLoadCell;
import com.scalesense.agent.sim.ScaledTime;

import com.scalesense.agent.scale.ScriptedLoadCell;

import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.control.ControlClient;
import com.scalesense.agent.notify.SdNotifier;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** An in-process agent on a {@link ScriptedLoadCell}, offline, with its state in {@code dir}. */
final class AgentFixture implements AutoCloseable {

    /** Simulated seconds per real second: a 2 s calibration point takes 0.1 s. */
    static final double SPEED = 20;

    final ScriptedLoadCell cell;
    final ScaleAgent agent;
    final ControlClient client;

    private AgentFixture(ScriptedLoadCell cell, ScaleAgent agent) {
        this.cell = cell;
        this.agent = agent;
        this.client = new ControlClient(agent.controlSocket());
    }

    static AgentFixture start(Path dir) throws InterruptedException {
        return start(dir, Map.of());
    }

    /** As {@link #start(Path)}, with further config keys set (e.g. a broker). */
    static AgentFixture start(Path dir, Map<ConfigKey, String> overrides) throws InterruptedException {
        return start(dir, overrides, new SdNotifier(message -> { }, null));
    }

    /** As {@link #start(Path, Map)}, telling systemd's notifications to {@code notifier}. */
    static AgentFixture start(Path dir, Map<ConfigKey, String> overrides, SdNotifier notifier)
            throws InterruptedException {
        ConfigSource source = ConfigSource.load(Optional.empty(), true, Map.of())
                .override(ConfigKey.STATE_DIR, dir.toString(), "test")
                .override(ConfigKey.READING_INTERVAL, "1s", "test")
                // weights are set down at once in these tests: a keg follows the empty platform without 10 s between
                .override(ConfigKey.SWAP_MIN_EMPTY, "0s", "test");
        for (Map.Entry<ConfigKey, String> e : overrides.entrySet()) {
            source = source.override(e.getKey(), e.getValue(), "test");
        }
        AgentConfig config = AgentConfigLoader.load(source, true);
        ScaledTime time = new ScaledTime(Clock.systemUTC(), System::nanoTime, SPEED);
        ScriptedLoadCell cell = new ScriptedLoadCell(time.originWallMs());
        Sensors sensors = new Sensors(new PacedLoadCell(cell, time, PacedLoadCell.threadSleep()), null, null, null,
                time.clock(), () -> time.monoNanos() / 1_000_000, FixedTimeSync.SYNCED, ScriptedLoadCell.NOISE_COUNTS);
        ScaleAgent agent = ScaleAgent.builder(config, sensors).notifier(notifier).random(new Random(7)).firmwareVersion("0.1.0-test")
                .onRestart(() -> { }).start();
        return new AgentFixture(cell, agent);
    }

    /**
     * 0, 20 and 50 kg on the platform, fitted and committed, the platform emptied before the commit: the
     * measuring starts at the commit, and how many samples of the 50 kg weight it saw if emptied after
     * depended on how fast the test thread got there (once, on a busy machine, a scale set to 40 kg then
     * stayed DISTURBED for 2 min; those samples are the likely cause).
     */
    void calibrate() {
        for (double kg : new double[] {0, 20, 50}) {
            cell.load(kg);
            client.calibrateAdd(kg);
        }
        cell.load(0);
        client.calibrateFit();
        client.calibrateCommit();
    }

    @Override
    public void close() {
        agent.close();
    }
}
