package com.scalesense.agent.pipeline.bench;

import com.scalesense.agent.replay.EmittedLog;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationFit;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.agent.replay.Replay;
import com.scalesense.agent.replay.Truth;
import com.scalesense.agent.replay.TruthFile;
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

import com.scalesense.hal.replay.TraceGain;
import com.scalesense.hal.replay.TraceHeader;
import com.scalesense.hal.replay.TraceRecorder;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * One simulated keg life run through the real pipeline: the technician calibrates with known
 * weights (0, 20, 50, 100 kg, through the simulated cell), the scenario plays at the HX711 rate on
 * simulated time, and {@link Truth#ASSIGN_AFTER_MS} after each keg is really set down (the first
 * one too) the technician assigns its type and beer (as the dashboard's beer assignment of seed
 * 000 would), and says whether it is a new keg, full from the brewery (a part-full keg is not). {@code bar} adds the disturbances of a real bar (issue 12).
 */
public record SimulatedKegLife(long seed, SampleRate rate, NoiseSpec noise, TemperatureProfile temperature,
                               boolean thermometer, List<KegSpec> kegs, TrafficProfile traffic, BarDisturbances bar) {

    static final long EPOCH_MS = 1_790_000_000_000L;

    /** A life in an undisturbed bar (the lives before issue 12). */
    public SimulatedKegLife(long seed, SampleRate rate, NoiseSpec noise, TemperatureProfile temperature,
                            boolean thermometer, List<KegSpec> kegs, TrafficProfile traffic) {
        this(seed, rate, noise, temperature, thermometer, kegs, traffic, BarDisturbances.none());
    }
    private static final double[] CALIBRATION_KG = {0, 20, 50, 100};

    public Result run(PipelineConfig config) {
        Rig rig = rig();
        Scenario scenario = rig.scenario();
        Calibration calibration = rig.calibration();
        SimulatedLoadCell cell = rig.cell();
        EmittedLog recorder = new EmittedLog();
        KegProfile first = profileOf(scenario.periods().get(0).keg());
        MeasurementPipeline pipeline = new MeasurementPipeline(config, rate, calibration, first, recorder);
        int nextToAssign = 0;
        while (!cell.finished()) {
            RawSample sample = cell.read(Duration.ZERO);
            Double temp = thermometer ? temperature.celsiusAt(sample.monotonicNanos()) : null;
            pipeline.accept(sample, new Ambient(temp, null, true));
            // The technician assigns each keg they set down (type and beer) a few minutes later: on the
            // truth of the bar, not on what the pipeline detected (a knock is no reason to assign anything).
            if (nextToAssign < scenario.periods().size() && sample.wallMillis() >= EPOCH_MS
                    + scenario.periods().get(nextToAssign).placedNanos() / 1_000_000 + Truth.ASSIGN_AFTER_MS) {
                KegPeriod period = scenario.periods().get(nextToAssign);
                KegSpec keg = period.keg();
                // a new keg from the brewery is assigned as full; one set down part-full (moved from another tap) is not;
                // one taken off before its assignment was due is not assigned at all (twenty-fourth round, seed 74008)
                boolean full = period.initialBeerKg() >= keg.fullBeerKg() - 1e-9;
                if (sample.wallMillis() < EPOCH_MS + period.removedNanos() / 1_000_000) {
                    pipeline.assignKeg("keg-life-" + seed + "-" + nextToAssign, null, KegType.fromWireName(keg.kegType()),
                            keg.sg(), full);
                }
                nextToAssign++;
            }
        }
        pipeline.endOfSamples();
        return new Result(this, scenario, recorder, calibration, truthOf(scenario));
    }

    /**
     * Records this life's samples as a trace (docs/trace-format.md) and its truth as a truth file
     * (docs/accuracy.md), so the trace path can be scored like a capture from a real scale.
     */
    public void writeTrace(Path trace, Path truthFile) {
        Rig rig = rig();
        Scenario scenario = rig.scenario();
        Calibration calibration = rig.calibration();
        SimulatedLoadCell cell = rig.cell();
        // the header carries the calibration as scale-cal record writes it, so the trace replays on its own
        TraceHeader header = TraceHeader.of(rate, TraceGain.A_128, Instant.ofEpochMilli(EPOCH_MS))
                .withNote("note", "simulated keg life, seed " + seed)
                .withNote(Replay.OFFSET_NOTE, String.format(Locale.ROOT, "%.3f", calibration.offsetCounts()))
                .withNote(Replay.SCALE_NOTE, String.format(Locale.ROOT, "%.6f", calibration.countsPerKg()));
        try (TraceRecorder recorder = TraceRecorder.create(trace, header, Duration.ofSeconds(60))) {
            while (!cell.finished()) {
                recorder.record(cell.read(Duration.ZERO));
            }
        }
        TruthFile.write(truthFile, scenario, calibration.offsetCounts(), calibration.countsPerKg(), EPOCH_MS);
    }

    /** The life's truth, the technician's calibration of its cell, and the cell itself. */
    private record Rig(Scenario scenario, Calibration calibration, SimulatedLoadCell cell) {
    }

    private Rig rig() {
        // The bar's disturbances draw from a stream of their own, so the same seed gives the same life.
        Scenario scenario = new ScenarioGenerator(new Random(seed), traffic, bar, new Random(seed * 1_000_003 + 12_345))
                .generate(kegs, temperature);
        LoadCellSpec cellSpec = LoadCellSpec.typical();
        Calibration calibration = calibration(cellSpec, noise);
        SimulatedLoadCell cell = new SimulatedLoadCell(
                new SimulatedSignal(scenario, cellSpec, noise, rate, new Random(seed * 31 + 7)), scenario, rate, EPOCH_MS);
        return new Rig(scenario, calibration, cell);
    }

    /** Known weights through a quiet stretch of the same cell, averaged over 50 samples each. */
    Calibration calibration(LoadCellSpec cellSpec, NoiseSpec noise) {
        List<CalibrationPoint> points = new ArrayList<>();
        for (double kg : CALIBRATION_KG) {
            KegSpec weight = new KegSpec("test_weight", Math.max(kg, 1e-6), 1e-9, 1.0);
            Scenario still = new Scenario(List.of(new KegPeriod(0, Long.MAX_VALUE, weight, 0, List.of())),
                    List.of(), TemperatureProfile.constant(temperature.meanC()), 60_000_000_000L);
            NoiseSpec calm = new NoiseSpec(noise.noiseNvRms10(), noise.noiseNvRms80(), 0, 0, 0, 1, 1);
            SimulatedLoadCell cell = new SimulatedLoadCell(
                    new SimulatedSignal(still, cellSpec, calm, rate, new Random(seed + (long) kg)), still, rate, 0);
            double sum = 0;
            for (int i = 0; i < 50; i++) {
                sum += cell.read(Duration.ZERO).value();
            }
            points.add(new CalibrationPoint(kg, sum / 50, thermometer ? temperature.meanC() : null));
        }
        return new CalibrationFit(0.05).fit(points, EPOCH_MS);
    }

    static KegProfile profileOf(KegSpec keg) {
        return new KegProfile(null, null, KegType.fromWireName(keg.kegType()), keg.sg(), Tare.PENDING);
    }

    static Truth truthOf(Scenario scenario) {
        return truthOf(scenario, EPOCH_MS);
    }

    /** The truth of {@code scenario} with scenario time 0 at epoch ms {@code epochMs}. */
    static Truth truthOf(Scenario scenario, long epochMs) {
        List<Truth.Pour> pours = scenario.pours().stream()
                .map(p -> new Truth.Pour(epochMs + p.startNanos() / 1_000_000, epochMs + p.endNanos() / 1_000_000,
                        p.volumeOz())).toList();
        List<Long> placements = scenario.periods().stream().map(p -> epochMs + p.placedNanos() / 1_000_000).toList();
        List<long[]> faults = scenario.faults().stream()
                .map(f -> new long[] {epochMs + f.startNanos() / 1_000_000, epochMs + f.endNanos() / 1_000_000}).toList();
        List<Truth.Disturbance> disturbances = scenario.disturbances().stream()
                .map(d -> new Truth.Disturbance(d.kind(), epochMs + d.startNanos() / 1_000_000,
                        epochMs + Math.min(d.endNanos(), scenario.endNanos()) / 1_000_000, d.kg())).toList();
        return new Truth(pours, placements, ms -> scenario.levelPctAt((ms - epochMs) * 1_000_000), ms -> {
            int i = scenario.periodIndexAt((ms - epochMs) * 1_000_000);
            return i < 0 ? Double.NaN : scenario.periods().get(i).keg().capacityGallons() * 8 / 100;
        }, faults, disturbances, ms -> {
            int i = scenario.periodIndexAt((ms - epochMs) * 1_000_000);
            return i < 0 ? Double.NaN : 100 * KegType.SHELL_SPREAD_KG / scenario.periods().get(i).keg().fullBeerKg();
        });
    }

    /** A finished life: the truth and what the pipeline said. */
    public record Result(SimulatedKegLife life, Scenario scenario, EmittedLog recorder, Calibration calibration, Truth truth) {
    }
}
