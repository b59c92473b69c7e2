package com.scalesense.cal;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.clock.MonotonicClock;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.agent.notify.SdNotifier;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.agent.boot.ScaleAgent;
import com.scalesense.agent.scale.Sensors;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.EmulatedTime;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;
import com.scalesense.hal.hx711.Hx711;
import com.scalesense.hal.hx711.Hx711Config;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * A real agent (real stores, real control socket) on the real HX711 driver, reading the chip
 * emulator through Pi4J's mock pins at 10 SPS; the emulator's input is the {@link Platform}.
 * Driver and chip share emulated time paced to real time: the agent reads in real time, while a
 * clock pulse lasts what the driver's code makes it last, so a busy machine cannot turn a read
 * into a timing violation. Offline (no broker): readings stay in the outbox.
 */
final class ScaleRig implements AutoCloseable {

    static final int DOUT = 5;
    static final int SCK = 6;
    /** When the factory calibration was made, epoch ms (2026-11-01T00:00:00Z). */
    static final long FACTORY_AT_MS = 1_793_491_200_000L;

    final Platform platform;
    final Hx711Emulator chip;
    private final Context pi4j;
    private final ScaleAgent agent;

    private ScaleRig(Platform platform, Hx711Emulator chip, Context pi4j, ScaleAgent agent) {
        this.platform = platform;
        this.chip = chip;
        this.pi4j = pi4j;
        this.agent = agent;
    }

    /** Starts the agent on {@code stateDir}; a fresh store starts from a 0/100 kg factory calibration. */
    static ScaleRig start(Path stateDir) throws InterruptedException {
        return start(stateDir, Map.of());
    }

    /** As {@link #start(Path)}, with more config keys set (e.g. a broker, for a scale that sends to the cloud). */
    static ScaleRig start(Path stateDir, Map<ConfigKey, String> more) throws InterruptedException {
        ConfigSource source = ConfigSource.load(Optional.empty(), true, Map.of())
                .override(ConfigKey.STATE_DIR, stateDir.toString(), "test")
                // the walk-throughs swap kegs at once, not after 10 s of empty platform (wall time here)
                .override(ConfigKey.SWAP_MIN_EMPTY, "0s", "test");
        for (Map.Entry<ConfigKey, String> e : more.entrySet()) {
            source = source.override(e.getKey(), e.getValue(), "test");
        }
        AgentConfig config = AgentConfigLoader.load(source, true);
        Context pi4j = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance()).build();
        Hx711Config hx = Hx711Config.of(DOUT, SCK, SampleRate.SPS_10);
        EmulatedTime time = EmulatedTime.paced(1.0);
        // The agent's clock stamps samples: real wall time, as on a scale.
        Hx711 driver = Hx711.create(pi4j, hx, Clock.systemUTC(), time);
        Platform platform = new Platform();
        Hx711Emulator chip = Hx711Emulator.attach(pi4j, hx.doutId(), hx.sckId(),
                EmulatorConfig.emulated(SampleRate.SPS_10, platform, time));
        driver.start();
        Sensors sensors = new Sensors(driver, null, null, factoryCalibration(), Clock.systemUTC(),
                MonotonicClock.system(), FixedTimeSync.SYNCED, Platform.NOISE_COUNTS);
        try {
            ScaleAgent agent = ScaleAgent.start(config, sensors, new SdNotifier(m -> { }, null), new Random(7),
                    "0.1.0-test", () -> { });
            return new ScaleRig(platform, chip, pi4j, agent);
        } catch (RuntimeException e) {
            chip.close();
            pi4j.shutdown();
            throw e;
        }
    }

    /** The exact line of the {@link Platform}, as a factory would have measured it. */
    static Calibration factoryCalibration() {
        return new CalibrationFit(0.05).fit(List.of(new CalibrationPoint(0, Platform.ZERO_COUNTS, null),
                new CalibrationPoint(100, Platform.ZERO_COUNTS + 100 * Platform.COUNTS_PER_KG, null)), FACTORY_AT_MS);
    }

    @Override
    public void close() {
        agent.close();
        chip.close();
        pi4j.shutdown();
    }
}
