package com.scalesense.agent.sim;


import com.scalesense.agent.scale.Sensors;

import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.power.SimulatedBatteryGauge;
import com.scalesense.hal.sim.BarDisturbances;
import com.scalesense.hal.sim.KegPeriod;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.LoadCellSpec;
import com.scalesense.hal.sim.NoiseSpec;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.ScenarioGenerator;
import com.scalesense.hal.sim.SimulatedLoadCell;
import com.scalesense.hal.sim.SimulatedSignal;
import com.scalesense.hal.sim.TemperatureProfile;
import com.scalesense.hal.sim.TrafficProfile;
import com.scalesense.hal.thermal.SimulatedTemperatureSensor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The scale of {@code --simulate}: a busy bar's keg life from {@code hal.sim} (seeded; undisturbed, or with
 * the disturbances of a real bar with {@code --bar real}), on a
 * typical 200 kg cell with datasheet noise, paced on {@link ScaledTime}; a simulated Li-ion
 * battery and keg-cooler probe from {@code hal.power}/{@code hal.thermal} on the same time.
 * When the {@link ScaledTime}'s world began before this run (a restart with
 * {@code simulate.world_start}), the keg life, battery and probe continue from where that world
 * is now: the same seed gives the same life, and the samples of the time the agent was down are
 * never read, as on a real scale.
 */
public final class SimulatedScale {

    /** Known weights a technician would put on the platform, kg (as the pipeline's accuracy bench does). */
    private static final double[] CALIBRATION_KG = {0, 20, 50, 100};
    /** Samples averaged per calibration point: 5 s at 10 SPS. */
    private static final int SAMPLES_PER_POINT = 50;
    /** Largest residual a calibration point may have, kg; 50 g is well above the cell's noise. */
    private static final double MAX_RESIDUAL_KG = 0.05;
    /** Modelo's specific gravity (seed 000 beer library). */
    private static final double SG = 1.010;
    /** Issue 12: real keg shells differ from the reference empty weight by up to ± 0.3 kg (as the benchmark's). */
    private static final double REAL_BAR_SHELL_SPREAD_KG = 0.3;

    private SimulatedScale() {
    }

    /** An undisturbed bar (see {@link #build(ScaledTime, long, boolean, SampleRate)}). */
    public static Sensors build(ScaledTime time, long seed, SampleRate rate) {
        return build(time, seed, false, rate);
    }

    /**
     * @param realBar true for the disturbances of a real bar ({@code --bar real}, {@code simulate.bar}), drawn
     *                from a random stream of their own as the accuracy benchmark's lives are
     */
    public static Sensors build(ScaledTime time, long seed, boolean realBar, SampleRate rate) {
        SimulatedTemperatureSensor.CoolerProfile cooler = SimulatedTemperatureSensor.CoolerProfile.kegCooler();
        // The cell itself stays at the cooler's mean: no calibration is temperature-compensated here.
        TemperatureProfile cellTemperature = TemperatureProfile.constant((cooler.lowCelsius() + cooler.highCelsius()) / 2);
        Scenario scenario = scenario(seed, realBar, cellTemperature);
        LoadCellSpec cell = LoadCellSpec.typical();
        NoiseSpec noise = NoiseSpec.datasheet();
        SimulatedLoadCell simulated = new SimulatedLoadCell(
                new SimulatedSignal(scenario, cell, noise, rate, new Random(seed * 31 + 7)), scenario, rate,
                time.originWallMs());
        // A world that began before this run: the samples of the time the agent was down are gone.
        simulated.skipTo(time.startNanos());
        var clock = time.clock();
        // The technician's hands (scale-cal sim put-weight): known weights on the same cell, noise as at the bar.
        // Calm (no spikes, vibration or ring): a practice weight that refused a point at random would teach nothing.
        SimulatedPlatform platform = new SimulatedPlatform(new PacedLoadCell(simulated, time, PacedLoadCell.threadSleep()),
                kg -> stillSignal(cell, calm(noise), rate, kg, new Random(seed * 31 + Double.doubleToLongBits(kg))));
        return new Sensors(platform,
                new SimulatedBatteryGauge(SimulatedBatteryGauge.DischargeProfile.twoDays(), clock,
                        Instant.ofEpochMilli(time.originWallMs())),
                new SimulatedTemperatureSensor(cooler, clock, new Random(seed + 1)),
                calibrate(cell, noise, rate, seed, time.originWallMs()), clock,
                () -> time.monoNanos() / 1_000_000, FixedTimeSync.SYNCED,
                Sensors.datasheetNoiseCounts(rate));
    }

    /**
     * The bar's keg life: half, quarter and sixth barrels of Modelo (sg 1.010) through a busy bar's hours; with
     * {@code realBar} also {@link BarDisturbances#realBar()} (the beer's gravity is then drawn per keg, 1.000 to
     * 1.060) and shells ± 0.3 kg around the reference (issue 12).
     */
    static Scenario scenario(long seed, boolean realBar, TemperatureProfile cellTemperature) {
        List<KegSpec> kegs = new ArrayList<>();
        for (KegType t : List.of(KegType.HALF_BARREL, KegType.QUARTER_BARREL, KegType.SIXTH_BARREL)) {
            kegs.add(new KegSpec(t.wireName(), t.emptyKg(), t.gallons(), SG));
        }
        if (!realBar) {
            return new ScenarioGenerator(new Random(seed), TrafficProfile.busyBar()).generate(kegs, cellTemperature);
        }
        return new ScenarioGenerator(new Random(seed), TrafficProfile.busyBar().withShellSpreadKg(REAL_BAR_SHELL_SPREAD_KG),
                BarDisturbances.realBar(), new Random(seed * 1_000_003 + 12_345)).generate(kegs, cellTemperature);
    }

    /** The factory calibration of the simulated cell: known weights on a quiet platform, averaged. */
    private static Calibration calibrate(LoadCellSpec cell, NoiseSpec noise, SampleRate rate, long seed, long atMs) {
        List<CalibrationPoint> points = new ArrayList<>();
        for (double kg : CALIBRATION_KG) {
            SimulatedLoadCell c = new SimulatedLoadCell(stillSignal(cell, calm(noise), rate, kg, new Random(seed + (long) kg)),
                    still(kg), rate, 0);
            double sum = 0;
            for (int i = 0; i < SAMPLES_PER_POINT; i++) {
                sum += c.read(Duration.ZERO).value();
            }
            points.add(new CalibrationPoint(kg, sum / SAMPLES_PER_POINT, null));
        }
        return new CalibrationFit(MAX_RESIDUAL_KG).fit(points, atMs);
    }

    /** The chip's own noise only: no spikes, no pour vibration, no ring. */
    private static NoiseSpec calm(NoiseSpec noise) {
        return new NoiseSpec(noise.noiseNvRms10(), noise.noiseNvRms80(), 0, 0, 0, 1, 1);
    }

    /** The cell's signal with {@code kg} resting still on it: no pours, no swaps, the cell at 4 °C throughout. */
    static SimulatedSignal stillSignal(LoadCellSpec cell, NoiseSpec noise, SampleRate rate, double kg, Random random) {
        return new SimulatedSignal(still(kg), cell, noise, rate, random);
    }

    private static Scenario still(double kg) {
        // a "keg" of kg holding no beer; 0 kg cannot be a keg, a microgram is nothing on a 200 kg cell
        KegSpec weight = new KegSpec("test_weight", Math.max(kg, 1e-6), 1e-9, 1.0);
        return new Scenario(List.of(new KegPeriod(0, Long.MAX_VALUE, weight, 0, List.of())), List.of(),
                TemperatureProfile.constant(4), Duration.ofMinutes(1).toNanos());
    }
}
