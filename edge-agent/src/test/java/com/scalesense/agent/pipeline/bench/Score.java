package com.scalesense.agent.pipeline.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Accuracy figures of one or more keg lives; {@link #add} pools lives. */
public final class Score {

    final List<Double> levelErrPct = new ArrayList<>();
    final List<Double> stableLevelErrPct = new ArrayList<>();
    final List<Double> levelErrPints = new ArrayList<>();
    final List<Double> volumeErrOz = new ArrayList<>();
    final List<Double> settleSeconds = new ArrayList<>();
    int truePours;
    int recalledPours;
    int detectedPours;
    int matchedDetected;
    int trueSwaps;
    int swapsDetected;
    int falseSwaps;
    int levelsDuringFault;

    public Score add(Score o) {
        levelErrPct.addAll(o.levelErrPct);
        stableLevelErrPct.addAll(o.stableLevelErrPct);
        levelErrPints.addAll(o.levelErrPints);
        volumeErrOz.addAll(o.volumeErrOz);
        settleSeconds.addAll(o.settleSeconds);
        truePours += o.truePours;
        recalledPours += o.recalledPours;
        detectedPours += o.detectedPours;
        matchedDetected += o.matchedDetected;
        trueSwaps += o.trueSwaps;
        swapsDetected += o.swapsDetected;
        falseSwaps += o.falseSwaps;
        levelsDuringFault += o.levelsDuringFault;
        return this;
    }

    public double recall() {
        return truePours == 0 ? Double.NaN : 100.0 * recalledPours / truePours;
    }

    public double precision() {
        return detectedPours == 0 ? Double.NaN : 100.0 * matchedDetected / detectedPours;
    }

    static double quantile(List<Double> values, double q) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v[(int) Math.min(v.length - 1, Math.floor(q * v.length))];
    }

    static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
