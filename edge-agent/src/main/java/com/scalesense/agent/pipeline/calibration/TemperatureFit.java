package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;

import java.util.List;

/**
 * Zero drift with temperature, fitted from readings of one unchanging load (the empty platform, or
 * a keg nobody pours from overnight) taken as the cooler cycles: the least-squares slope of counts
 * against °C. Refused unless the temperatures span {@code minSpanC}, since a slope over a fraction
 * of a degree is mostly noise.
 */
public final class TemperatureFit {

    private TemperatureFit() {
    }

    /** @return zero drift, counts per °C */
    public static double zeroDriftCountsPerC(List<CalibrationPoint> sameLoad, double minSpanC) {
        PipelineException.require(sameLoad.size() >= 3 && sameLoad.stream().allMatch(p -> p.tempC() != null),
                "points", sameLoad.size(), "need at least three readings, each with a temperature");
        PipelineException.require(sameLoad.stream().mapToDouble(CalibrationPoint::knownKg).distinct().count() == 1,
                "known_kg", sameLoad.get(0).knownKg(), "must be the same load for every reading");
        double min = sameLoad.stream().mapToDouble(CalibrationPoint::tempC).min().orElseThrow();
        double max = sameLoad.stream().mapToDouble(CalibrationPoint::tempC).max().orElseThrow();
        PipelineException.require(max - min >= minSpanC, "temp_span_c", max - min, "must be at least " + minSpanC + " °C");
        double mt = sameLoad.stream().mapToDouble(CalibrationPoint::tempC).average().orElseThrow();
        double mc = sameLoad.stream().mapToDouble(CalibrationPoint::counts).average().orElseThrow();
        double stt = 0;
        double stc = 0;
        for (CalibrationPoint p : sameLoad) {
            stt += (p.tempC() - mt) * (p.tempC() - mt);
            stc += (p.tempC() - mt) * (p.counts() - mc);
        }
        return stc / stt;
    }
}
