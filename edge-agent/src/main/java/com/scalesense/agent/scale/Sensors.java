package com.scalesense.agent.scale;

import com.scalesense.agent.clock.MonotonicClock;
import com.scalesense.agent.clock.TimeSync;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.hal.BatteryGauge;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.TemperatureSensor;
import com.scalesense.hal.hx711.Hx711Datasheet;
import java.time.Clock;

/**
 * What the agent measures with and what time it keeps: real hardware on a Pi, or the simulator.
 *
 * @param loadCell           the HX711 (or the simulated cell)
 * @param battery            battery gauge, or null when none is fitted
 * @param temperature        temperature probe at the cell, or null when none is fitted
 * @param factoryCalibration a calibration to start from when the store has none: the simulated
 *                           cell's known one; null on hardware (a technician must calibrate)
 * @param clock              wall clock of readings and batches
 * @param mono               monotonic clock of the same run, ms
 * @param timeSync           whether {@code clock} is synchronised
 * @param noiseCountsRms     expected rms noise of one sample, ADC counts (selftest compares against it)
 */
public record Sensors(LoadCell loadCell, BatteryGauge battery, TemperatureSensor temperature,
                      Calibration factoryCalibration, Clock clock, MonotonicClock mono, TimeSync timeSync,
                      double noiseCountsRms) {

    /**
     * Input noise of the HX711 at gain 128 in counts rms: 50 nV at 10 SPS, 90 nV at 80 SPS
     * (datasheet p.2), at 2^23 counts per 20 mV.
     */
    public static double datasheetNoiseCounts(SampleRate rate) {
        double nv = rate == SampleRate.SPS_80 ? 90 : 50;
        return nv * 1e-6 * Hx711Datasheet.COUNTS_PER_MV;
    }
}
