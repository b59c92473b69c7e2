package com.scalesense.agent.pipeline;

import com.scalesense.agent.replay.EmittedLog;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationQuality;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;

import java.time.Duration;
import java.util.List;

/**
 * A pipeline fed from a weight script at 10 SPS: each step holds or ramps the true weight for a
 * number of seconds. Counts are 10 000 per kg over a zero of 50 000, so weights are exact.
 */
public final class ScriptedScale {

    public static final long EPOCH_MS = 1_790_000_000_000L;
    static final double COUNTS_PER_KG = 10_000;
    static final double ZERO = 50_000;
    static final Calibration CALIBRATION = new Calibration(ZERO, COUNTS_PER_KG, List.of(), 0,
            CalibrationQuality.UNVERIFIED, 0, null, EPOCH_MS);

    public final EmittedLog recorder = new EmittedLog();
    public final MeasurementPipeline pipeline;
    private long nanos;
    private double kg;
    private Ambient ambient = Ambient.SYNCED;
    private double countsPerC;
    private double driftRefC;

    public ScriptedScale(PipelineConfig config, KegProfile keg, double startKg) {
        this(config, CALIBRATION, keg, startKg);
    }

    public ScriptedScale(PipelineConfig config, Calibration calibration, KegProfile keg, double startKg) {
        this.pipeline = new MeasurementPipeline(config, SampleRate.SPS_10, calibration, keg, recorder);
        this.kg = startKg;
    }

    private ScriptedScale(ScriptedScale from, PipelineConfig config) {
        this.pipeline = new MeasurementPipeline(config, SampleRate.SPS_10, CALIBRATION, from.pipeline.keg(), recorder);
        this.kg = from.kg;
    }

    /**
     * A scale like this one (same keg, same weight now) with a reading every {@code seconds}, started
     * afresh and settled for 5 s, so a short disturbance has readings to look at.
     */
    public ScriptedScale withReadingEvery(int seconds) {
        ScriptedScale next = new ScriptedScale(this, PipelineConfig.defaults().withReadingInterval(Duration.ofSeconds(seconds)));
        return next.hold(5);
    }

    /** The scripted cell's zero drifts by {@code counts} per °C away from {@code atC}. */
    public ScriptedScale zeroDrift(double counts, double atC) {
        this.countsPerC = counts;
        this.driftRefC = atC;
        return this;
    }

    /** Holds the current weight for {@code seconds}. */
    public ScriptedScale hold(double seconds) {
        return rampTo(kg, seconds);
    }

    /** Moves the weight linearly to {@code targetKg} over {@code seconds}. */
    public ScriptedScale rampTo(double targetKg, double seconds) {
        int n = (int) Math.round(seconds * 10);
        double from = kg;
        for (int i = 1; i <= n; i++) {
            kg = from + (targetKg - from) * i / n;
            feed(SampleStatus.OK);
        }
        kg = targetKg;
        return this;
    }

    /** Sets the weight at once (a keg lifted or set down). */
    public ScriptedScale jumpTo(double targetKg) {
        kg = targetKg;
        return this;
    }

    /** One sample with status OK but a raw value of {@code counts}: an HX711 read glitch. */
    public ScriptedScale glitch(int counts) {
        nanos += SampleRate.SPS_10.periodNanos();
        pipeline.accept(new RawSample(counts, nanos, EPOCH_MS + nanos / 1_000_000, SampleStatus.OK), ambient);
        return this;
    }

    /** Samples from now on carry {@code now} (temperature, battery, clock state). */
    public ScriptedScale ambient(Ambient now) {
        this.ambient = now;
        return this;
    }

    /** {@code count} samples with {@code status} and no value. */
    public ScriptedScale bad(SampleStatus status, int count) {
        for (int i = 0; i < count; i++) {
            feed(status);
        }
        return this;
    }

    /** Current epoch ms of the script. */
    public long nowMs() {
        return EPOCH_MS + nanos / 1_000_000;
    }

    private void feed(SampleStatus status) {
        nanos += SampleRate.SPS_10.periodNanos();
        double drift = ambient.temperatureC() == null ? 0 : countsPerC * (ambient.temperatureC() - driftRefC);
        int value = status == SampleStatus.OK ? (int) Math.round(ZERO + kg * COUNTS_PER_KG + drift) : 0;
        pipeline.accept(new RawSample(value, nanos, EPOCH_MS + nanos / 1_000_000, status), ambient);
    }
}
