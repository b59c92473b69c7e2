package com.scalesense.demo.scale;

import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.KegPeriod;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.LoadCellSpec;
import com.scalesense.hal.sim.NoiseSpec;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.SimulatedLoadCell;
import com.scalesense.hal.sim.SimulatedSignal;
import com.scalesense.hal.sim.TemperatureProfile;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Builds a {@link DemoScale}: its evening from {@link PourScript}, a typical 200 kg cell with the
 * HX711 datasheet's noise at 10 SPS, and a factory calibration made the way a technician makes
 * one (known weights on the platform, averaged).
 */
public final class Scales {

    /** Known weights, kg (as the pipeline's accuracy benchmark uses). */
    private static final double[] CALIBRATION_KG = {0, 20, 50, 100};
    /** Samples averaged per calibration point: 5 s at 10 SPS. */
    private static final int SAMPLES_PER_POINT = 50;
    /** Largest residual a calibration point may have, kg; 50 g is well above the cell's noise. */
    private static final double MAX_RESIDUAL_KG = 0.05;

    private Scales() {
    }

    /**
     * @param durationS length of the evening, simulated seconds
     * @param seed      seeds the pours and the sensor noise of this scale
     */
    public static DemoScale build(TapPlan tap, String locId, String kegId, Path stateDir, URI broker, SimClock time,
                                  long durationS, long seed, Ledger ledger) {
        return build(tap, locId, kegId, stateDir, broker, time, durationS, seed, ledger, DemoScale.BATCH_MAX_DELAY);
    }

    /** As above, with the agent's {@code batch.max_delay} (e.g. its own default, 2h, for a benchmark). */
    public static DemoScale build(TapPlan tap, String locId, String kegId, Path stateDir, URI broker, SimClock time,
                                  long durationS, long seed, Ledger ledger, String batchMaxDelay) {
        Scenario scenario = PourScript.evening(tap, durationS, new Random(seed));
        LoadCellSpec cellSpec = LoadCellSpec.typical();
        NoiseSpec noise = NoiseSpec.datasheet();
        SimulatedLoadCell cell = new SimulatedLoadCell(new SimulatedSignal(scenario, cellSpec, noise, SampleRate.SPS_10,
                new Random(seed * 31 + 7)), scenario, SampleRate.SPS_10, time.eveningStartMs());
        Calibration calibration = calibrate(cellSpec, noise, seed, time.eveningStartMs());
        return new DemoScale(tap, locId, kegId, stateDir, broker, time, scenario, cell, calibration, ledger,
                new Random(seed + 1), batchMaxDelay);
    }

    private static Calibration calibrate(LoadCellSpec cellSpec, NoiseSpec noise, long seed, long atMs) {
        List<CalibrationPoint> points = new ArrayList<>();
        NoiseSpec calm = new NoiseSpec(noise.noiseNvRms10(), noise.noiseNvRms80(), 0, 0, 0, 1, 1);
        for (double kg : CALIBRATION_KG) {
            KegSpec weight = new KegSpec("test_weight", Math.max(kg, 1e-6), 1e-9, 1.0);
            Scenario still = new Scenario(List.of(new KegPeriod(0, Long.MAX_VALUE, weight, 0, List.of())), List.of(),
                    TemperatureProfile.constant(3.0), Duration.ofMinutes(1).toNanos());
            SimulatedLoadCell cell = new SimulatedLoadCell(new SimulatedSignal(still, cellSpec, calm, SampleRate.SPS_10,
                    new Random(seed + (long) kg)), still, SampleRate.SPS_10, 0);
            double sum = 0;
            for (int i = 0; i < SAMPLES_PER_POINT; i++) {
                sum += cell.read(Duration.ZERO).value();
            }
            points.add(new CalibrationPoint(kg, sum / SAMPLES_PER_POINT, null));
        }
        return new CalibrationFit(MAX_RESIDUAL_KG).fit(points, atMs);
    }
}
