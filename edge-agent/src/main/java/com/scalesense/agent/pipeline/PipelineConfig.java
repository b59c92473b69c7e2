package com.scalesense.agent.pipeline;

import java.time.Duration;

import static com.scalesense.agent.pipeline.PipelineException.require;
import static com.scalesense.agent.pipeline.PipelineException.requirePositive;

/**
 * Settings of the measurement pipeline. Weights are kg on the platform, volumes US fl oz.
 *
 * @param readingInterval  a Reading is emitted this often (DESIGN: 60 s), besides at events
 * @param rateWindow       pour rate window (seed 000: 6 h, configurable per location)
 * @param spikeWindow      samples in the Hampel spike filter (odd, ≥ 3)
 * @param spikeMads        a sample further than this many scaled MADs from the window median is a spike
 * @param spikeFloorKg     deviations below this are never spikes (noise and pour vibration)
 * @param smoothing        span of the moving average after the spike filter (100 ms: one sample at
 *                         10 SPS, eight at 80 SPS)
 * @param stableWindow     span of the stability window
 * @param stableStdKg      the window is stable when its standard deviation is at most this …
 * @param stableDriftKg    … and its two halves' means differ by at most this (no slow pour hides in it)
 * @param settleTime       after a disturbance the window must stay stable this long before the weight counts
 * @param pourStartKg      a drop of the weight below the stable reference by this much starts a pour
 * @param minPourOz        smaller drops are settling or drift, not reported as pours
 * @param absentBelowKg    less than this on the platform means no keg (smallest empty keg: 16.5 lbs = 7.5 kg)
 * @param sameKegKg        a keg set back within this of its old weight is the same keg, not a swap
 * @param swapRiseKg       a settled weight this much above the last is a new keg
 * @param faultAfterInvalid consecutive unusable samples before the sensor is reported in error
 * @param recoverAfterValid consecutive good samples before an error is cleared
 * @param maxPourOzPerS    a fall faster than this is not beer leaving through a faucet (about 2 oz/s) but
 *                         a knock, a lean or a load lifted off the keg
 * @param swapMinEmpty     a keg swap needs the platform empty at least this long; a shorter dip is a disturbance
 * @param sameKegMaxEmpty  a keg set back within {@code sameKegKg} of its old weight is the same keg only when the
 *                         platform stood empty no longer than this (a lift to clean the platform or change the
 *                         coupler); after longer it is a keg swapped in that weighs what the old one did
 * @param shellToleranceKg a keg type's empty shell weighs its reference ± this (a measured empty tare outside
 *                         is refused; a load lighter than the lightest shell by more is not a keg)
 * @param fullBeerTolerance a measured full tare must hold the type's capacity at the beer's gravity within
 *                         this fraction
 * @param servingOz        serving size for servings left, fl oz
 */
public record PipelineConfig(Duration readingInterval, Duration rateWindow, int spikeWindow, double spikeMads,
                             double spikeFloorKg, Duration smoothing, Duration stableWindow, double stableStdKg, double stableDriftKg,
                             Duration settleTime, double pourStartKg, double minPourOz, double absentBelowKg,
                             double sameKegKg, double swapRiseKg, int faultAfterInvalid, int recoverAfterValid,
                             double maxPourOzPerS, Duration swapMinEmpty, Duration sameKegMaxEmpty, double shellToleranceKg,
                             double fullBeerTolerance, double servingOz) {

    public PipelineConfig {
        requireDuration(readingInterval, "reading_interval", Duration.ofSeconds(1));
        requireDuration(rateWindow, "rate_window", Duration.ofMinutes(1));
        require(spikeWindow >= 3 && spikeWindow % 2 == 1 && spikeWindow <= 31, "spike_window", spikeWindow,
                "must be an odd sample count in [3, 31]");
        requirePositive(spikeMads, "spike_mads");
        requirePositive(spikeFloorKg, "spike_floor_kg");
        requireDuration(stableWindow, "stable_window", Duration.ofMillis(200));
        requireDuration(smoothing, "smoothing", Duration.ZERO);
        require(smoothing.compareTo(stableWindow) <= 0, "smoothing", smoothing,
                "must not be longer than stable_window " + stableWindow);
        requirePositive(stableStdKg, "stable_std_kg");
        requirePositive(stableDriftKg, "stable_drift_kg");
        requireDuration(settleTime, "settle_time", Duration.ZERO);
        requirePositive(pourStartKg, "pour_start_kg");
        requirePositive(minPourOz, "min_pour_oz");
        requirePositive(absentBelowKg, "absent_below_kg");
        requirePositive(sameKegKg, "same_keg_kg");
        require(Double.isFinite(swapRiseKg) && swapRiseKg > pourStartKg, "swap_rise_kg", swapRiseKg,
                "must be larger than pour_start_kg " + pourStartKg);
        require(faultAfterInvalid >= 1, "fault_after_invalid", faultAfterInvalid, "must be >= 1");
        require(recoverAfterValid >= 1, "recover_after_valid", recoverAfterValid, "must be >= 1");
        requirePositive(maxPourOzPerS, "max_pour_oz_per_s");
        requireDuration(swapMinEmpty, "swap_min_empty", Duration.ZERO);
        requireDuration(sameKegMaxEmpty, "same_keg_max_empty", Duration.ZERO);
        requirePositive(shellToleranceKg, "shell_tolerance_kg");
        require(Double.isFinite(fullBeerTolerance) && fullBeerTolerance > 0 && fullBeerTolerance < 1,
                "full_beer_tolerance", fullBeerTolerance, "must be a fraction in (0, 1)");
        requirePositive(servingOz, "serving_oz");
    }

    /**
     * Defaults. Detection thresholds sit a few times above the noise the HX711 datasheet gives
     * (p.2: 50/90 nV rms, about 1-2 g with a 2 mV/V, 200 kg cell) and below a 1 oz (≈ 30 g) drop;
     * the 1 s window and 1 s settle let two pours 3 s apart be told apart. Physical bounds (issue 12):
     * a faucet pours about 2 oz/s, so 4 oz/s leaves twice that margin for a fast tap and a lagging
     * average; lifting one keg off and setting another down takes longer than 10 s (the simulated
     * bar's swaps leave the platform empty 20 s or more); a keg lifted to wipe the platform or change its coupler is
     * set back within 2 minutes (the simulated bar's lifts: 10 s to 2 min), while a keg swapped for another part-full
     * one may weigh what the old one did (issue 12, nineteenth round: a sixth barrel set down full 0.23 kg heavier than
     * the quarter it replaced at 59 %, after 6 minutes empty, was taken for it set back); keg shells of one type differ by about
     * 1 kg between makers (a sixth barrel: 14 to 16.5 lbs), so ± 1.5 kg; a keg is filled to its
     * capacity within a few percent and a default sg of 1.0 may be 6 % light for a 1.060 beer, so 10 %.
     */
    public static PipelineConfig defaults() {
        return new PipelineConfig(Duration.ofSeconds(60), Duration.ofHours(6), 7, 3.0, 0.05,
                Duration.ofMillis(100), Duration.ofSeconds(1), 0.008, 0.006, Duration.ofSeconds(1), 0.04, 2.0, 4.0, 0.3, 2.0,
                5, 10, 4.0, Duration.ofSeconds(10), Duration.ofMinutes(2), 1.5, 0.10, 16);
    }

    /** {@link #maxPourOzPerS} as kg of beer per ms at the densest plausible beer ({@link Units#MAX_SG}). */
    public double maxPourKgPerMs() {
        return maxPourOzPerS * Units.ML_PER_OZ / 1000 * Units.MAX_SG / 1000;
    }

    /** Samples in the stability window at {@code samplesPerSecond}. */
    public int stableSamples(int samplesPerSecond) {
        return Math.max(4, (int) Math.round(stableWindow.toMillis() * samplesPerSecond / 1000.0));
    }

    /** Samples in the moving average at {@code samplesPerSecond} (at least 1). */
    public int smoothingSamples(int samplesPerSecond) {
        return Math.max(1, (int) Math.round(smoothing.toMillis() * samplesPerSecond / 1000.0));
    }

    /** Samples the window must stay stable to settle, at {@code samplesPerSecond}. */
    public int settleSamples(int samplesPerSecond) {
        return Math.max(1, (int) Math.round(settleTime.toMillis() * samplesPerSecond / 1000.0));
    }

    public PipelineConfig withReadingInterval(Duration interval) {
        return new PipelineConfig(interval, rateWindow, spikeWindow, spikeMads, spikeFloorKg, smoothing, stableWindow,
                stableStdKg, stableDriftKg, settleTime, pourStartKg, minPourOz, absentBelowKg, sameKegKg, swapRiseKg,
                faultAfterInvalid, recoverAfterValid, maxPourOzPerS, swapMinEmpty, sameKegMaxEmpty, shellToleranceKg, fullBeerTolerance,
                servingOz);
    }

    public PipelineConfig withSwapMinEmpty(Duration minEmpty) {
        return new PipelineConfig(readingInterval, rateWindow, spikeWindow, spikeMads, spikeFloorKg, smoothing, stableWindow,
                stableStdKg, stableDriftKg, settleTime, pourStartKg, minPourOz, absentBelowKg, sameKegKg, swapRiseKg,
                faultAfterInvalid, recoverAfterValid, maxPourOzPerS, minEmpty, sameKegMaxEmpty, shellToleranceKg, fullBeerTolerance,
                servingOz);
    }

    private static void requireDuration(Duration d, String field, Duration min) {
        require(d != null && d.compareTo(min) >= 0, field, d, "must be a duration of at least " + min);
    }
}
